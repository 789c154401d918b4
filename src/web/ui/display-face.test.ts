// The display face is one committed file cut from Playfair Display (scripts/subset-display-face.ts).
// These check that the file is what the script makes, that global.css declares exactly the characters
// it holds, and that every word the screens say, in English and Danish, is among them: a character
// outside the cut would be drawn in the device's serif in the middle of a heading.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  displayFaceFile,
  displayFaceRanges,
  subsetDisplayFace,
} from '../../../scripts/subset-display-face.ts';
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

describe('the display face', () => {
  it('is the file scripts/subset-display-face.ts makes', async () => {
    const made = await subsetDisplayFace();
    expect(Buffer.compare(made, readFileSync(displayFaceFile))).toBe(0);
  });

  it('is declared in global.css for exactly the characters it holds', () => {
    const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
    const declared = css
      .match(/unicode-range:([^;]+);/)?.[1]
      ?.split(',')
      .map((range) => range.trim());
    expect(declared).toEqual(displayFaceRanges.map(toRange));
  });

  it('holds every character of the screens’ words, in English and Danish', () => {
    const kept = (code: number) => displayFaceRanges.some(([first, last]) => code >= first && code <= last);
    const catalogues = [
      ...[enGB, enGBHome, enGBScreens, enGBClaims, failuresEnGB, staffEnGB],
      ...[daDK, daDKHome, daDKScreens, daDKClaims, failuresDaDK, staffDaDK],
    ];
    const text = catalogues.flatMap(strings).join('').replace(/\s/g, '');
    // Playfair Display draws no check mark (In your wallet ✓): the device's symbol face does, as before.
    const notInPlayfair = new Set(['✓']);
    const missing = [...new Set(text)].filter(
      (character) => !kept(character.codePointAt(0) ?? 0) && !notInPlayfair.has(character),
    );
    expect(missing).toEqual([]);
  });
});
