import { useEffect, useState } from 'react';
import type { PublicPageName } from '#shared/api/account.ts';
import { accountApi } from '../account/api.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './public-pages.module.css';
import { renderMarkdown } from './render-markdown.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; html: string };

/** A public page (terms, FAQ, privacy policy) written in Markdown that a deployment can replace. */
export function MarkdownPage({ page, title }: { page: PublicPageName; title: string }) {
  const m = useMessages().publicPages;
  usePageTitle(title);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void accountApi.publicPage(page).then((answer) => {
      if (!live) return;
      if (answer.ok && answer.data.markdown !== undefined) {
        setState({ status: 'loaded', html: renderMarkdown(answer.data.markdown) });
      } else {
        setState({ status: 'failed' });
      }
    });
    return () => {
      live = false;
    };
  }, [page]);
  return (
    <Page>
      <article className={styles.article} aria-busy={state.status === 'loading'}>
        <h1>{title}</h1>
        {state.status === 'failed' ? <Alert kind="error">{m.loadFailed}</Alert> : null}
        {state.status === 'loaded' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it escapes raw HTML and keeps only safe links (render-markdown.ts)
          <div dangerouslySetInnerHTML={{ __html: state.html }} />
        ) : null}
      </article>
    </Page>
  );
}
