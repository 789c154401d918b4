import { describe, expect, it } from 'vitest';
import { linkProblems, renderGuide } from './guide-markdown.ts';

const ownImage = '/api/images/0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11/640.webp';

describe("a guide's Markdown", () => {
  it('renders headings below the title, web links with no opener, own and https images', () => {
    const html = renderGuide(
      `# Layers\n\nSee [the coat](https://shop.example.com/coat).\n\n![Coat](${ownImage})\n\n![Scarf](https://cdn.example.com/s.jpg)`,
    );
    expect(html).toContain('<h2>Layers</h2>');
    expect(html).toContain('<a href="https://shop.example.com/coat" rel="noopener noreferrer">the coat</a>');
    expect(html).toContain(`<img src="${ownImage}" alt="Coat" loading="lazy">`);
    expect(html).toContain('src="https://cdn.example.com/s.jpg"');
  });

  it('never carries script or HTML: raw HTML is text, other schemes are not links', () => {
    const html = renderGuide(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](data:text/html,hi) ![z](http://plain.example.com/a.png) ![w](/etc/passwd)',
    );
    expect(html).not.toMatch(/<script|<img src=x|href="javascript|href="data|onerror="/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('plain.example.com/a.png"');
    expect(html).not.toContain('src="/etc/passwd"');
  });

  it('names the links and images a save refuses', () => {
    expect(linkProblems('[ok](https://a.example.com) ![ok](https://b.example.com/i.png)')).toEqual([]);
    expect(linkProblems(`![own](${ownImage})`)).toEqual([]);
    expect(
      linkProblems(
        '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) <vbscript:x> [c](/relative) ![d](http://x.example.com/i.png) [e](mailto:a@b.c) ![f](data:image/png;base64,AAAA)',
      ),
    ).toEqual([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:x',
      '/relative',
      'http://x.example.com/i.png',
      'mailto:a@b.c',
      'data:image/png;base64,AAAA',
    ]);
  });
});
