/**
 * Writes the brand's display face (docs/decisions/0068-display-face-in-two-cuts.md):
 * Playfair Display's variable font (SIL Open Font License, from @fontsource-variable), cut to the
 * weights the screens use (400 to 600) and the characters English and Danish text and members' names
 * need, in two files split by character as Google Fonts splits its faces:
 *
 * - basic: what English screens draw in the face (letters, digits, the punctuation of the catalogues,
 *   the signs of points and money), preloaded with every page. It must fit with its response headers
 *   in TCP's first window (10 segments, 14,600 bytes): one round trip on a slow connection, where the
 *   single file of 26 KB took two and the largest paint waited for the second.
 * - extended: the rest of printable ASCII, Latin-1 (æ ø å é ü « » …) and the typographic punctuation;
 *   the browser fetches it only for a page that draws one of these (global.css `unicode-range`).
 *
 * Kept: kerning (the `kern` feature), and the advances' variation, which the glyphs' own deltas carry.
 * Left out: the glyphs only reachable through layout features (swashes, alternates, small capitals;
 * a third of the file, no screen asks for them) and the tables a browser does without: hinting (the
 * source has none beyond a scan-control program), `gasp`, `STAT` (style names for font menus) and
 * `HVAR` (the advances' variation again, as an index; the glyphs' phantom-point deltas give the same
 * widths).
 *
 *   npm run subset-display-face        writes src/web/ui/fonts/playfair-display-{basic,extended}.woff2
 *
 * The files are committed, so a build needs no font tooling; a test checks they are what this makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

type Ranges = ReadonlyArray<readonly [number, number]>;

/** Every code point of the face, as CSS `unicode-range` spans. */
const wholeCut: Ranges = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0xff], // Latin-1: æ ø å é ü ß £ « » · and the rest
  [0x131, 0x131],
  [0x152, 0x153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
];

/**
 * What English screens draw in the face: the English catalogues' characters (a test holds them to it)
 * and what the screens format into headings, balances and cards (digits, + and − of points, £ and €).
 * Each further character costs 100 to 500 bytes with its kerning pairs; the file has about a hundred
 * bytes to spare in the first window.
 */
const basicCut: Ranges = [
  [0x20, 0x20], // space
  [0x27, 0x29], // ' ( )
  [0x2b, 0x2e], // + , - .
  [0x30, 0x3b], // 0–9 : ;
  [0x3f, 0x3f], // ?
  [0x41, 0x5a], // A–Z
  [0x61, 0x7a], // a–z
  [0xa3, 0xa3], // £
  [0x2019, 0x2019], // ’
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2212, 0x2212], // −
];

const codePoints = (ranges: Ranges) =>
  ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i));

/** The spans of `points` (ascending), merged where they follow on. */
function spans(points: readonly number[]): Ranges {
  const out: [number, number][] = [];
  for (const point of points) {
    const last = out.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else out.push([point, point]);
  }
  return out;
}

const basic = new Set(codePoints(basicCut));

export interface DisplayFaceFile {
  name: 'basic' | 'extended';
  file: string;
  /** The code points kept, as CSS `unicode-range` spans: global.css declares the same ones. */
  ranges: Ranges;
  /** Preloaded with every page (vite.config.ts preloadFonts). */
  preloaded: boolean;
}

const fontFile = (name: string) =>
  fileURLToPath(new URL(`../src/web/ui/fonts/playfair-display-${name}.woff2`, import.meta.url));

export const displayFaceFiles: readonly DisplayFaceFile[] = [
  { name: 'basic', file: fontFile('basic'), ranges: basicCut, preloaded: true },
  {
    name: 'extended',
    file: fontFile('extended'),
    ranges: spans(codePoints(wholeCut).filter((point) => !basic.has(point))),
    preloaded: false,
  },
];

export async function subsetDisplayFace(face: DisplayFaceFile): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(
    require.resolve('@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2'),
  );
  const text = String.fromCodePoint(...codePoints(face.ranges));
  return subsetFont(source, text, {
    targetFormat: 'woff2',
    noLayoutClosure: true,
    keepFeatures: ['kern'],
    noHinting: true,
    dropTables: ['gasp', 'STAT', 'HVAR'],
    variationAxes: { wght: { min: 400, max: 600 } },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const face of displayFaceFiles) {
    const made = await subsetDisplayFace(face);
    writeFileSync(face.file, made);
    console.log(`${face.file}: ${made.length} bytes`);
  }
}
