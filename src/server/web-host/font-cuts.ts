/**
 * The display face's cuts the page template does not preload (scripts/subset-display-face.ts: the
 * extended cut, Danish letters and the rest of Latin-1), each with a test for the characters beyond
 * ASCII it holds (its `unicode-range`). A page whose server-rendered text has one of them gets that cut
 * preloaded too (web-host.ts): found only when the first style pass meets it, the file would come
 * after `font-display: optional`'s 100 ms, and a Danish heading's æ, ø and å would stay in the
 * device's serif, in the middle of its words, for that page. Only letters count (ø, é, Œ): the page's
 * markup is ASCII, and its body text, in the device's face, has the cut's signs (Home's activity rows
 * are joined by ·), which headings rarely have.
 */
export interface LateFontCut {
  /** The `<link rel="preload">` to add to the page's head. */
  preload: string;
  /** Whether a text has a letter of the cut beyond ASCII. */
  needed: RegExp;
}

export function lateFontCuts(template: string, fontFaces: string): LateFontCut[] {
  const cuts: LateFontCut[] = [];
  for (const [, face = ''] of fontFaces.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const href = face.match(/url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/)?.[1];
    const ranges = face.match(/unicode-range:([^;}]+)/)?.[1];
    if (!href || !ranges || template.includes(`href="${href}"`)) continue;
    const spans = ranges
      .split(',')
      .map((range) => range.trim().match(/^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i))
      .flatMap((found) => {
        if (!found?.[1]) return [];
        const first = Math.max(Number.parseInt(found[1], 16), 0x80);
        const last = Number.parseInt(found[2] ?? found[1], 16);
        return first <= last ? [`\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`] : [];
      });
    if (spans.length === 0) continue;
    cuts.push({
      preload: `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="">`,
      needed: new RegExp(`(?=\\p{L})[${spans.join('')}]`, 'u'),
    });
  }
  return cuts;
}
