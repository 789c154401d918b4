// The display face is two committed files cut from Playfair Display (scripts/subset-display-face.ts):
// a basic cut, preloaded, and an extended one the browser fetches when a page draws one of its
// characters. These check that the files are what the script makes, that global.css declares each for
// exactly the characters it holds, that every word the screens say, in English and Danish, is among
// them (a character outside both would be drawn in the device's serif in the middle of a heading),
// that English words need only the preloaded cut, and that the preloaded cut fits in one round trip.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayFaceFiles, subsetDisplayFace } from '../../../scripts/subset-display-face.ts';
import { daDK } from '../i18n/da-DK.ts';
import { daDKClaims } from '../i18n/da-DK-claims.ts';
import { daDKHome } from '../i18n/da-DK-home.ts';
import { daDKScreens } from '../i18n/da-DK-screens.ts';
import { enGB } from '../i18n/en-GB.ts';
import { enGBClaims } from '../i18n/en-GB-claims.ts';
import { enGBHome } from '../i18n/en-GB-home.ts';
import { enGBScreens } from '../i18n/en-GB-screens.ts';
import { failuresDaDK } from '../i18n/failures-da-DK.ts';
import { failuresEnGB } from '../i18n/failures-en-GB.ts';
import { staffDaDK } from '../i18n/staff-da-DK.ts';
import { staffEnGB } from '../i18n/staff-en-GB.ts';

const toRange = ([first, last]: readonly [number, number]) => {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`;
};

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The distinct characters of the catalogues' words, white space aside. */
const characters = (catalogues: unknown[]) => [
  ...new Set(catalogues.flatMap(strings).join('').replace(/\s/g, '')),
];
const english = characters([enGB, enGBHome, enGBScreens, enGBClaims, failuresEnGB, staffEnGB]);
const danish = characters([daDK, daDKHome, daDKScreens, daDKClaims, failuresDaDK, staffDaDK]);
// Playfair Display draws no check mark (In your wallet ✓): the device's symbol face does, as before.
const notInPlayfair = new Set(['✓']);

const holds = (face: (typeof displayFaceFiles)[number], character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return face.ranges.some(([first, last]) => code >= first && code <= last);
};
const basic = displayFaceFiles.find((face) => face.preloaded);

describe('the display face', () => {
  it('is the files scripts/subset-display-face.ts makes', async () => {
    for (const face of displayFaceFiles) {
      const made = await subsetDisplayFace(face);
      expect(Buffer.compare(made, readFileSync(face.file)), face.name).toBe(0);
    }
  });

  it('is declared in global.css, each file for exactly the characters it holds', () => {
    const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
    const declared = Object.fromEntries(
      [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => [
        body.match(/url\("\.\/fonts\/([^"]+)"\)/)?.[1],
        body
          .match(/unicode-range:([^;]+);/)?.[1]
          ?.split(',')
          .map((range) => range.trim()),
      ]),
    );
    expect(declared).toEqual(
      Object.fromEntries(displayFaceFiles.map((face) => [basename(face.file), face.ranges.map(toRange)])),
    );
  });

  it('has each character in one file only, so a page never fetches both for it', () => {
    const [first, second] = displayFaceFiles;
    const shared = first?.ranges.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).filter(
        (character) => second && holds(second, character),
      ),
    );
    expect(shared).toEqual([]);
  });

  it('holds every character of the screens’ words, in English and Danish', () => {
    const missing = [...new Set([...english, ...danish])].filter(
      (character) =>
        !displayFaceFiles.some((face) => holds(face, character)) && !notInPlayfair.has(character),
    );
    expect(missing).toEqual([]);
  });

  it('draws English words from the preloaded file alone', () => {
    expect(basic).toBeDefined();
    const elsewhere = english.filter(
      (character) => basic && !holds(basic, character) && !notInPlayfair.has(character),
    );
    expect(elsewhere).toEqual([]);
  });

  it('preloads a file that comes in TCP’s first window with its response headers', () => {
    // 10 segments of 1,460 bytes (RFC 6928), less the server's response headers (about 950 bytes,
    // the CSP most of them): a file beyond waits a round trip more, and the largest paint with it.
    const budget = 10 * 1460 - 950;
    expect(readFileSync(basic?.file ?? '').length).toBeLessThanOrEqual(budget);
  });
});
