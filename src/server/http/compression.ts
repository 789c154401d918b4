import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the server writes as it answers: pages and JSON (brotli where the browser takes
 * it, else gzip). The built assets are compressed once at build time at the highest level
 * (scripts/precompress.mjs) and served as they are by the web host; answers made per request use a
 * quick brotli level, which compresses HTML and JSON nearly as well at a fraction of the CPU.
 * Tiny answers and already-compressed types (the wallet pass is a zip) go as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
