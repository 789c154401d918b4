import MarkdownIt from 'markdown-it';

/**
 * The public pages' Markdown (terms, FAQ, privacy policy: files a deployment may replace) as HTML,
 * by markdown-it: CommonMark plus tables, strikethrough and bare web and email addresses as links.
 * Safe for a replaced content file: raw HTML is shown as text (`html: false`), and a link goes only to
 * a web page, an email address or a path of this site, never to `javascript:` or `data:`.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true });

/** Links may go to web pages, email addresses, paths of this site or a place on the page. */
markdown.validateLink = (href) => /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim());

// The page's own title is its h1, so content headings start at h2.
markdown.core.ruler.push('headings_below_title', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') {
      token.tag = 'h2';
    }
  }
  return true;
});

// A page of another site gets no window.opener and no referrer.
const renderLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? '')))
    token.attrSet('rel', 'noopener noreferrer');
  return renderLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
