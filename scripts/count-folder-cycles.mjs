#!/usr/bin/env node
// Counts pairs of src/server folders that import each other (A imports B and B imports A), from the
// non-test sources. `node scripts/count-folder-cycles.mjs` prints the count and each pair with one
// importing file per direction; `--json` prints them as JSON. Exit code 0 whatever the count: the
// import-boundaries test is what fails the build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'src/server');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** The src/server folder a path is in ('.' for the files at src/server's top), or null outside it. */
function folderOf(path) {
  const rel = relative(server, path);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split('/');
  return rest.length ? first : '.';
}

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** folder -> folder -> one file making that import */
const edges = new Map();
for (const file of files(server)) {
  const from = folderOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1] ?? match[2];
    let target;
    if (spec.startsWith('.')) target = resolve(dirname(file), spec);
    else if (spec.startsWith('#server/')) target = join(server, spec.slice('#server/'.length));
    else continue;
    const to = folderOf(target);
    if (!to || to === from || from === '.' || to === '.') continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, relative(root, file));
  }
}

const pairs = [];
for (const [a, targets] of edges) {
  for (const [b, fileAB] of targets) {
    if (a < b && edges.get(b)?.has(a))
      pairs.push({ a, b, [`${a}->${b}`]: fileAB, [`${b}->${a}`]: edges.get(b).get(a) });
  }
}
pairs.sort((x, y) => `${x.a}/${x.b}`.localeCompare(`${y.a}/${y.b}`));

if (process.argv.includes('--json')) console.log(JSON.stringify(pairs, null, 2));
else {
  console.log(`${pairs.length} pair(s) of src/server folders import each other`);
  for (const p of pairs) {
    console.log(`  ${p.a} <-> ${p.b}: ${p[`${p.a}->${p.b}`]} ; ${p[`${p.b}->${p.a}`]}`);
  }
}
