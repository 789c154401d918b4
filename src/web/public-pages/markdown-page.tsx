import { Fragment, type ReactNode, useEffect, useState } from 'react';
import type { PublicPageName, PublicPageResponse } from '#shared/api/account.ts';
import { type Block, type Inline, parseMarkdown } from '#shared/domain/markdown.ts';
import { callApi } from '../api.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './public-pages.module.css';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; blocks: Block[] };

/** A public page (terms, FAQ, privacy policy) written in Markdown that a deployment can replace. */
export function MarkdownPage({ page, title }: { page: PublicPageName; title: string }) {
  const m = useMessages().publicPages;
  usePageTitle(title);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void callApi<PublicPageResponse>(`/api/pages/${page}`, { method: 'GET' }).then((answer) => {
      if (!live) return;
      if (answer && typeof answer === 'object' && answer.success && answer.markdown !== undefined) {
        setState({ status: 'loaded', blocks: parseMarkdown(answer.markdown) });
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
        {state.status === 'loaded' ? state.blocks.map((block, index) => renderBlock(block, index)) : null}
      </article>
    </Page>
  );
}

function renderBlock(block: Block, key: number): ReactNode {
  if (block.type === 'heading') {
    const Tag = `h${block.level}` as 'h2' | 'h3' | 'h4';
    return <Tag key={key}>{renderInlines(block.children)}</Tag>;
  }
  if (block.type === 'list') {
    const Tag = block.ordered ? 'ol' : 'ul';
    return (
      <Tag key={key}>
        {block.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static content, never reordered
          <li key={index}>{renderInlines(item)}</li>
        ))}
      </Tag>
    );
  }
  return <p key={key}>{renderInlines(block.children)}</p>;
}

function renderInlines(inlines: Inline[]): ReactNode {
  return inlines.map((inline, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
    if (inline.type === 'text') return <Fragment key={index}>{inline.text}</Fragment>;
    // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
    if (inline.type === 'strong') return <strong key={index}>{renderInlines(inline.children)}</strong>;
    // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
    if (inline.type === 'em') return <em key={index}>{renderInlines(inline.children)}</em>;
    const external = /^https?:/i.test(inline.href);
    return (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
        key={index}
        href={inline.href}
        {...(external ? { rel: 'noopener noreferrer' } : {})}
      >
        {renderInlines(inline.children)}
      </a>
    );
  });
}
