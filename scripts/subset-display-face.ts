/**
 * Writes the brand's display face, the one file the screens preload (issue 13 §3; docs/decisions.md,
 * "One display-face file of 25 KB"): Playfair Display's variable font (SIL Open Font License, from
 * @fontsource-variable), cut to the weights the screens use (400 to 600) and the characters English and
 * Danish text and members' names need (printable ASCII, Latin-1 and the typographic punctuation).
 * The glyphs only reachable through layout features (swashes, alternates, small capitals) are left out:
 * no screen asks for them, and they were a third of the file.
 *
 *   npm run subset-display-face        writes src/web/ui/fonts/playfair-display.woff2
 *
 * The file is committed, so a build needs no font tooling; a test checks it is what this script makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

export const displayFaceFile = fileURLToPath(
  new URL('../src/web/ui/fonts/playfair-display.woff2', import.meta.url),
);

/** The code points kept, as CSS `unicode-range` spans: global.css declares the same ones. */
export const displayFaceRanges: ReadonlyArray<readonly [number, number]> = [
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

export async function subsetDisplayFace(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(
    require.resolve('@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2'),
  );
  const text = displayFaceRanges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
    )
    .join('');
  return subsetFont(source, text, {
    targetFormat: 'woff2',
    noLayoutClosure: true,
    variationAxes: { wght: { min: 400, max: 600 } },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const face = await subsetDisplayFace();
  writeFileSync(displayFaceFile, face);
  console.log(`${displayFaceFile}: ${face.length} bytes`);
}
