// Writes a brotli (.br, highest quality) and a gzip (.gz, level 9) copy beside every text asset of the
// web build, once, at build time: the server sends them as they are (@fastify/static preCompressed)
// instead of compressing the same bytes on every request. Copies that save nothing are not kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The web build's folder (dist/web unless given, as the compression test does).
const dist = process.argv[2] ?? 'dist/web';
const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  if (!compressible.test(path) || path.includes('.vite')) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  raw += bytes.length;
  brotli += Math.min(br.length, bytes.length);
}
console.log(
  `Precompressed assets: ${(raw / 1024).toFixed(0)} KB raw, ${(brotli / 1024).toFixed(0)} KB brotli`,
);
