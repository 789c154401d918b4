import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How guessable a new password is, by zxcvbn-ts: its list of about 30,000 leaked passwords, common
 * words and names, keyboard patterns, dates, repeats and l33t spellings, plus this scheme's own words.
 */

/**
 * zxcvbn's estimate below which a password is refused: about the 10,000 likeliest guesses. Passwords
 * such as "password1", "welcome1" or "liverpool1" fall below it; the spec's minimum lengths (6 and 8)
 * still admit a short password that is not one of them, like "abc123x".
 */
const minimumGuesses = 10_000;

/** The scheme's own words, which an attacker of this site tries first. */
const schemeWords = [
  'members',
  'member',
  'loyalty',
  'rewards',
  'points',
  'fashion',
  'shopping',
  'nike',
  'login',
];

/**
 * Only the first 64 characters are judged: matching grows faster than linearly with length (a
 * 1,024-character password took 230 ms at zxcvbn's default of 256), and 64 unguessable characters
 * make the rest irrelevant.
 */
const judgedLength = 64;

let estimator: ZxcvbnFactory | null = null;

/**
 * Built on first use, not at import: the dictionaries take about 230 ms and 15 MB to load, which
 * every process that imports the routes (each API test file) would otherwise pay. `require` keeps the
 * check synchronous.
 */
function strengthEstimator(): ZxcvbnFactory {
  if (!estimator) {
    const require = createRequire(import.meta.url);
    const core = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, scheme: schemeWords },
      graphs: common.adjacencyGraphs,
      maxLength: judgedLength,
    });
  }
  return estimator;
}

/**
 * The words of the member's own name and email address (at least three letters each, and the
 * address's local part whole): an attacker who targets the member tries them first.
 */
function personalWords(about: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of about) {
    if (!value) continue;
    const lower = value.toLowerCase();
    const local = lower.split('@')[0] ?? '';
    if (local.length >= 3) words.add(local);
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  // Longest first, so removing them takes "jane.smith" whole before "jane".
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * Whether a password is among the likeliest guesses of an attacker (case and l33t spellings
 * included). `about` is the member's name and email: zxcvbn counts them as its likeliest words, and
 * they count for nothing, so what is left once they (and the separators between them) are taken out
 * must not be guessable either ("Jane.Smith2026" for Jane Smith leaves "2026").
 */
export function isGuessablePassword(
  password: string,
  about: readonly (string | null | undefined)[] = [],
): boolean {
  const estimator = strengthEstimator();
  const words = personalWords(about);
  if (estimator.check(password, words).guesses < minimumGuesses) return true;
  const lower = password.toLowerCase();
  const rest = words.reduce((left, word) => left.replaceAll(word, ''), lower);
  if (rest === lower) return false;
  // The separators between the member's own words add next to nothing either.
  return estimator.check(rest.replace(/[^\p{L}\p{N}]+/gu, ''), words).guesses < minimumGuesses;
}
