// Prints the gzip size of the first-load JavaScript (what Landing and Sign in load) and of each lazy chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = manifest['index.html'];
const firstLoad = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const imported of chunk.imports ?? []) walk(imported);
})('index.html');

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
for (const file of firstLoad) total += gz(file);
const css = (entry.css ?? []).reduce((sum, file) => sum + gz(file), 0);
console.log(
  `\nFirst-load JavaScript (Landing, Sign in): ${kb(total)} gzip in ${firstLoad.size} file(s); entry CSS ${kb(css)} gzip`,
);
const lazy = Object.values(manifest).filter((c) => c.isDynamicEntry);
console.log(
  `Lazy screens: ${lazy.length} chunks, largest ${kb(Math.max(0, ...lazy.map((c) => gz(c.file))))} gzip`,
);
const budget = 100 * 1024;
if (total > budget) {
  console.error(`First-load JavaScript is over the 100 KB gzip budget (${kb(total)}).`);
  process.exit(1);
}
