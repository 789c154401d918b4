import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lateFontCuts } from './font-cuts.ts';

// The faces as the build writes them (global.css, minified; vite.config.ts fontFacesApart), and the
// template's preload of the basic cut (vite.config.ts preloadFonts).
const css = readFileSync(new URL('../../web/ui/global.css', import.meta.url), 'utf8');
const fontFaces = [...css.matchAll(/@font-face\s*{[^}]*}/g)]
  .map(([face]) =>
    face.replace(/\.\/fonts\/([a-z-]+)\.woff2/, '/assets/$1-Hash0123.woff2').replace(/\s+/g, ' '),
  )
  .join('');
const preload = (name: string) =>
  `<link rel="preload" href="/assets/playfair-display-${name}-Hash0123.woff2" as="font" type="font/woff2" crossorigin="">`;
const template = `<head>${preload('basic')}</head>`;

describe('the display face cuts a page gets preloaded beyond the template’s', () => {
  const [extended, ...others] = lateFontCuts(template, fontFaces);

  it('is the extended cut alone, preloaded as the template preloads the basic one', () => {
    expect(others).toEqual([]);
    expect(extended?.preload).toBe(preload('extended'));
  });

  it('for a page whose text has a Danish letter or another Latin-1 letter', () => {
    for (const text of ['Hej Søren', 'Ærø', 'Café', 'Œuvre'])
      expect(extended?.needed.test(`<h1>${text}</h1>`), text).toBe(true);
  });

  it('not for English words, signs (the activity rows’ ·, quotes, dashes), nor the page’s markup', () => {
    for (const text of [
      'Hello, Alex Morgan',
      'Your points’ balance…',
      'Oxford Street · Order 12 · £45.00 −5',
      '“Quoted” – — « » ©',
      '<a href="/x?y=1&amp;z">!</a>',
    ])
      expect(extended?.needed.test(text), text).toBe(false);
  });

  it('none when the template preloads every cut', () => {
    expect(lateFontCuts(`${template}${preload('extended')}`, fontFaces)).toEqual([]);
  });
});
