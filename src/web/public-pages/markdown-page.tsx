import { useEffect, useState } from 'react';
import type { PublicPageName } from '#shared/api/account.ts';
import { accountApi } from '../account/api.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useAccountIfSignedIn } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
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
      {page === 'faq' ? (
        <ContactBlock />
      ) : (
        <aside className={styles.questions} aria-label={m.lastUpdated}>
          <p>{m.lastUpdated}</p>
          <ContactBlock compact />
        </aside>
      )}
      <PageFooter page={page} />
    </Page>
  );
}

/** The way back (these pages were a dead end) and the other public pages. */
function PageFooter({ page }: { page: PublicPageName }) {
  const m = useMessages();
  const config = useConfig();
  const signedIn = useAccountIfSignedIn() !== null;
  const links = [
    {
      name: 'terms',
      href: config.externalTermsUrl ?? `/help${config.termsPagePath}`,
      label: m.pageTitles.termsAndConditions,
    },
    {
      name: 'privacy-policy',
      href: config.privacyPolicyUrl ?? `/help${config.privacyPagePath}`,
      label: m.pageTitles.privacyPolicy,
    },
    { name: 'faq', href: config.externalFaqUrl ?? '/help/faq', label: m.pageTitles.faq },
  ].filter((link) => link.name !== page);
  return (
    <footer className={styles.footer}>
      <Link to="/" className={styles.back}>
        <span aria-hidden="true">← </span>
        {signedIn ? m.publicPages.backToPoints : m.publicPages.backHome}
      </Link>
      <nav aria-label={m.publicPages.otherPages}>
        <ul>
          {links.map((link) => (
            <li key={link.name}>
              {link.href.startsWith('/') ? (
                <Link to={link.href}>{link.label}</Link>
              ) : (
                <a href={link.href}>{link.label}</a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
