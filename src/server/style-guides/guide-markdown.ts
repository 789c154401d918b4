import MarkdownIt from 'markdown-it';

/**
 * A style guide's Markdown, from staff: CommonMark with bare web addresses as links, raw HTML shown
 * as text (`html: false`), links only to web pages, images only the app's own uploads or https.
 * Saving refuses anything else (`linkProblems`), and rendering keeps to the same rules, so a guide
 * saved before a rule changed can still never carry script.
 */

/** An uploaded image's rendition (src/server/images): /api/images/<id>/<width>.webp. */
const ownImage =
  /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[1-9][0-9]{1,4}\.webp$/;
const webPage = /^https?:\/\/[^\s/]/i;
const secureWebImage = /^https:\/\/[^\s/]/i;

const linkAllowed = (href: string) => webPage.test(href);
const imageAllowed = (src: string) => secureWebImage.test(src) || ownImage.test(src);

/** Reads every link and image as written, allowed or not, to name the ones refused. */
const reader = new MarkdownIt('default', { html: false, linkify: true });
reader.validateLink = () => true;

/** What a guide's Markdown links to that is not allowed (at most ten), each as written. */
export function linkProblems(source: string): string[] {
  const problems: string[] = [];
  for (const block of reader.parse(source, {})) {
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') {
        const href = String(token.attrGet('href') ?? '');
        if (!linkAllowed(href)) problems.push(href);
      } else if (token.type === 'image') {
        const src = String(token.attrGet('src') ?? '');
        if (!imageAllowed(src)) problems.push(src);
      }
    }
  }
  return [...new Set(problems)].slice(0, 10);
}

const renderer = new MarkdownIt('default', { html: false, linkify: true });
// markdown-it asks this of links and images alike; the image rule below narrows images further.
renderer.validateLink = (href) => linkAllowed(href.trim()) || imageAllowed(href.trim());

// The page's own title is its h1, so the guide's headings start at h2.
renderer.core.ruler.push('headings_below_title', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') {
      token.tag = 'h2';
    }
  }
  return true;
});

// Another site's page gets no window.opener and no referrer; a link is only ever to a web page.
renderer.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token && !linkAllowed(String(token.attrGet('href') ?? ''))) token.attrSet('href', '#');
  token?.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

const renderImage = renderer.renderer.rules.image;
renderer.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (!token || !imageAllowed(String(token.attrGet('src') ?? ''))) return '';
  token.attrSet('loading', 'lazy');
  return renderImage ? renderImage(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

/** The guide's body as HTML for members' pages (server-rendered; the browser never parses Markdown). */
export function renderGuide(source: string): string {
  return renderer.render(source);
}
