import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown.ts';

describe('public page Markdown', () => {
  it('parses headings, paragraphs and lists with bold, italic and links', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and *soft* words\nover two lines.\n\n## Points\n\n- one [link](https://example.com)\n- two\n\n1. first\n2. second\n',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Some ' },
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'soft' }] },
          { type: 'text', text: ' words over two lines.' },
        ],
      },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Points' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'text', text: 'one ' },
            { type: 'link', href: 'https://example.com', children: [{ type: 'text', text: 'link' }] },
          ],
          [{ type: 'text', text: 'two' }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
    ]);
  });

  it('never produces a script link or raw HTML', () => {
    const blocks = parseMarkdown('[click](javascript:alert(1)) <script>alert(1)</script>');
    expect(JSON.stringify(blocks)).not.toContain('"href":"javascript');
    expect(blocks[0]).toMatchObject({ type: 'paragraph' });
    expect(JSON.stringify(blocks)).toContain('<script>');
  });
});
