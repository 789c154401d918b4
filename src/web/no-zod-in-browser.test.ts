import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
// Run-time imports only: `import type …` and `export type …` are erased by the bundler.
const runtimeImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gms;

function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('#shared/')) return join(root, 'src/shared', specifier.slice('#shared/'.length));
  if (specifier.startsWith('#web/')) return join(root, 'src/web', specifier.slice('#web/'.length));
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  return null;
}

/** Every package the browser code reaches at run time, following its own modules transitively. */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(runtimeImport)) {
      if (!specifier) continue;
      const target = resolveSpecifier(file, specifier);
      if (target) queue.push(target);
      else if (!reached.has(specifier)) reached.set(specifier, file);
    }
  }
  return reached;
}

describe('the browser bundle (docs/decisions/0041-one-contract-on-both-sides-descriptors.md)', () => {
  it('reaches no zod at run time: screens use descriptors, schemas only as types', async () => {
    const files = (await readdir(join(root, 'src/web'), { recursive: true }))
      .filter(
        (name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'entry-server.tsx',
      )
      .map((name) => join(root, 'src/web', name));
    const packages = packagesReachedFrom(files);
    expect(packages.size).toBeGreaterThan(3);
    expect(packages.get('react')).toBeDefined();
    expect([...packages.keys()].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });
});
