// `npm start` builds before it serves (ensure-build.mjs): the build is the production bundle whatever
// the caller's NODE_ENV, and a build that failed never counts as current. Tried on a project of its
// own, with a stand-in for `npm run build` that records the NODE_ENV it saw.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuild, staleReason } from './build-state.mjs';

const outputs = ['dist/web/index.html', 'dist/server/entry-server.js', 'dist/server/app/main.js'];

/** A stand-in build: records NODE_ENV, writes the outputs, and fails after them when asked. */
const standIn = (fail: boolean) =>
  `node -e "const fs=require('fs');fs.writeFileSync('node-env.txt',String(process.env.NODE_ENV));` +
  `for(const f of ${JSON.stringify(outputs).replaceAll('"', "'")}){fs.mkdirSync(require('path').dirname(f),{recursive:true});fs.writeFileSync(f,'x')}` +
  `${fail ? 'process.exit(1)' : ''}"`;

let root: string;
const write = (file: string, text = 'x') => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
/** Moves a file's time `seconds` into the past, so "newer than" does not hang on clock resolution. */
const age = (file: string, seconds: number) => {
  const when = new Date(Date.now() - seconds * 1000);
  utimesSync(join(root, file), when, when);
};
const quiet = () => {};
const callerEnv = process.env.NODE_ENV;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-state-'));
  write('src/main.ts');
  age('src/main.ts', 60);
  process.env.NODE_ENV = 'development';
});
afterEach(() => {
  process.env.NODE_ENV = callerEnv;
  rmSync(root, { recursive: true, force: true });
});

describe('ensureBuild', () => {
  it('builds the production bundle when the caller runs with NODE_ENV=development', () => {
    expect(staleReason(root)).toMatch(/no web build found/);
    expect(ensureBuild({ root, command: standIn(false), log: quiet })).toBe(true);
    expect(readFileSync(join(root, 'node-env.txt'), 'utf8')).toBe('production');
    expect(staleReason(root)).toBeNull();
    // Current: the next start does not build.
    expect(ensureBuild({ root, command: standIn(true), log: quiet })).toBe(false);
  });

  it('rebuilds after an edit, and a failed build leaves the build stale', () => {
    ensureBuild({ root, command: standIn(false), log: quiet });
    for (const file of [...outputs, 'dist/.build-complete']) age(file, 30);
    write('src/main.ts', 'edited');
    expect(staleReason(root)).toBe('src changed since the last build');

    // The failed build wrote every output after the edit, as a Vite build that fails its budget does.
    expect(() => ensureBuild({ root, command: standIn(true), log: quiet })).toThrow();
    expect(staleReason(root)).toBe('the last build did not finish');
    // So the next start builds again rather than serving what the failed build left.
    expect(ensureBuild({ root, command: standIn(false), log: quiet })).toBe(true);
    expect(staleReason(root)).toBeNull();
  });

  it('does not rebuild for an edited test file', () => {
    ensureBuild({ root, command: standIn(false), log: quiet });
    write('src/main.test.ts');
    expect(staleReason(root)).toBeNull();
  });
});
