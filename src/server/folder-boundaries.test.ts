import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * Folders of src/server that import each other, counted by scripts/count-folder-cycles.mjs (which a
 * reader runs with `node scripts/count-folder-cycles.mjs`). There are none, and none may be added:
 * a piece two folders need lives in the folder that owns it or in a lower one (biome.json's
 * per-folder rules keep features off each other's routes, the doors and the CLI).
 */
const stillMutual: string[] = [];

it('no new pair of server folders imports each other', () => {
  const output = execFileSync(process.execPath, ['scripts/count-folder-cycles.mjs', '--json'], {
    encoding: 'utf8',
  });
  const pairs = (JSON.parse(output) as { a: string; b: string }[]).map(({ a, b }) => `${a} <-> ${b}`);
  expect(pairs.filter((pair) => !stillMutual.includes(pair))).toEqual([]);
  // A pair taken apart leaves the list, so it cannot come back unnoticed.
  expect(stillMutual.filter((pair) => !pairs.includes(pair))).toEqual([]);
});
