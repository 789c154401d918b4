import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';

const html = (source: string) => renderMarkdown(source).trim();

describe('public page Markdown (markdown-it, CommonMark)', () => {
  it('parses headings, paragraphs and lists with bold, italic and links; content headings start at h2', () => {
    expect(
      html(
        '# Title\n\nSome **bold** and *soft* words\nover two lines.\n\n## Points\n\n- one [link](https://example.com)\n- two\n\n1. first\n2. second\n',
      ),
    ).toBe(
      [
        '<h2>Title</h2>',
        '<p>Some <strong>bold</strong> and <em>soft</em> words\nover two lines.</p>',
        '<h2>Points</h2>',
        '<ul>\n<li>one <a href="https://example.com" rel="noopener noreferrer">link</a></li>\n<li>two</li>\n</ul>',
        '<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
      ].join('\n'),
    );
  });

  it('underscores inside an address and lone asterisks are text, not emphasis', () => {
    expect(html('Write to first_name_last@example.com.')).toBe(
      '<p>Write to <a href="mailto:first_name_last@example.com">first_name_last@example.com</a>.</p>',
    );
    expect(html('snake_case_word and 5 * 3 * 2 = 30')).toBe('<p>snake_case_word and 5 * 3 * 2 = 30</p>');
  });

  it('backslash escapes keep the character literally', () => {
    expect(html('\\*not italic\\* and \\_not either\\_ and 1\\. not a list')).toBe(
      '<p>*not italic* and _not either_ and 1. not a list</p>',
    );
  });

  it('nested lists nest', () => {
    expect(html('- points\n  - earning\n  - spending\n- tiers')).toBe(
      '<ul>\n<li>points\n<ul>\n<li>earning</li>\n<li>spending</li>\n</ul>\n</li>\n<li>tiers</li>\n</ul>',
    );
  });

  it('autolinks and bare web addresses become links; a dotted word without a scheme stays text', () => {
    expect(html('<https://example.com/terms> and https://example.com/faq, not terms.md')).toBe(
      '<p><a href="https://example.com/terms" rel="noopener noreferrer">https://example.com/terms</a> and <a href="https://example.com/faq" rel="noopener noreferrer">https://example.com/faq</a>, not terms.md</p>',
    );
  });

  it('tables become tables', () => {
    expect(html('| Tier | Points |\n| --- | ---: |\n| Gold | 500 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th>Tier</th>\n<th style="text-align:right">Points</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Gold</td>\n<td style="text-align:right">500</td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('a URL with parentheses keeps them', () => {
    expect(html('[the law](https://en.wikipedia.org/wiki/Consumer_Rights_Act_(2015)) applies')).toBe(
      '<p><a href="https://en.wikipedia.org/wiki/Consumer_Rights_Act_(2015)" rel="noopener noreferrer">the law</a> applies</p>',
    );
  });

  it('raw HTML is shown as text and script links are not links', () => {
    const out = html(
      '[click](javascript:alert(1)) [data](data:text/html,hi) [vb](VBScript:x) <script>alert(1)</script> <img src=x onerror=alert(1)>',
    );
    expect(out).not.toContain('<a');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html('<div onclick="x()">block</div>')).toBe(
      '<p>&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;</p>',
    );
  });

  it('links go to web pages, email addresses and paths of this site only', () => {
    expect(
      html('[a](/help/faq) [b](mailto:help@example.com) [c](//evil.example) [d](file:///etc/passwd)'),
    ).toBe(
      '<p><a href="/help/faq">a</a> <a href="mailto:help@example.com">b</a> [c](//evil.example) [d](file:///etc/passwd)</p>',
    );
  });
});
