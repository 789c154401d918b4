// The first-load JavaScript budget: what Landing, Sign in and the signed-in Home load
// before they work, gzip, each at most 90 KB: the start script, the entry and everything it imports
// statically; Landing, Sign in and Home, server-rendered lazy screens, add their chunk and its static imports,
// and Home its words (en-GB-home, which the page preloads beside the chunk; Sign in reads only the
// core words). Also printed: the other screens' words, fetched with a member's first other screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/web';
const budget = 90 * 1024;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The JavaScript files of a manifest entry and of everything it imports statically. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

// The start script is inline in the page (vite.config.ts startAfterFirstPaint): counted by its text.
const startScript = "(the page's inline start script)";
const inline = readFileSync(join(dist, 'index.html'), 'utf8').match(
  /<script data-entry[^>]*>([^<]+)<\/script>/,
);
if (!inline) throw new Error('index.html: no inline start script found');
const gzipped = new Map([[startScript, gzipSync(inline[1]).length]]);
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipped.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((sum, file) => sum + gz(file), 0);

// Every page runs the start script, which starts the entry.
const entry = staticClosure('index.html', new Set([startScript]));
const landing = staticClosure('src/web/landing/landing-screen.tsx', new Set(entry));
const homeWords = 'src/web/i18n/en-GB-home.ts';
const home = staticClosure(homeWords, staticClosure('src/web/home/home-screen.tsx', new Set(entry)));
const pages = [
  ['Landing', landing],
  ['Sign in', staticClosure('src/web/signin/signin-screen.tsx', new Set(entry))],
  ['Home (signed in)', home],
];
const words = staticClosure('src/web/i18n/en-GB-screens.ts', new Set(home));

// One line a page, `First-load … KB gzip` (bench/footprint.ts reads them).
console.log('');
for (const [name, files] of pages) {
  console.log(
    `First-load JavaScript, ${name}: ${kb(total(files))} gzip in ${files.size} file(s) (budget 90 KB)`,
  );
}
console.log(`The other screens' words (en-GB), beyond Home's: ${kb(total(words) - total(home))} gzip`);
const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
console.log(
  `Lazy chunks: ${lazy.length}, largest ${kb(Math.max(0, ...lazy.map((chunk) => gz(chunk.file))))} gzip`,
);

const over = pages.filter(([, files]) => total(files) > budget);
for (const [name, files] of over) {
  console.error(`First-load JavaScript of ${name} is over the 90 KB gzip budget (${kb(total(files))}).`);
}
if (over.length > 0) process.exit(1);
