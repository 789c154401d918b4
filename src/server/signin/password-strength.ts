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

/** Whether a password is among the likeliest guesses of an attacker (case and l33t spellings included). */
export function isGuessablePassword(password: string): boolean {
  return strengthEstimator().check(password).guesses < minimumGuesses;
}
