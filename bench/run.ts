/**
 * Foundation benchmark: the real app (web build, PGlite) on a local port, measured over HTTP on
 * loopback. Run `npm run build` first, then `npm run bench`. Numbers depend on the machine: compare
 * runs on the same one.
 */
import { existsSync } from 'node:fs';
import { defaultWebDist } from '../src/server/web-host/web-host.ts';
import { benchMember, benchOrigin, startBenchApp } from './bench-app.ts';
import { measure } from './http-bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const bench = await startBenchApp({ webDist: existsSync(defaultWebDist) ? defaultWebDist : null });
const { base } = bench;
const json = { 'content-type': 'application/json', origin: benchOrigin };

await bench.createMember();
const credentials = JSON.stringify({ username: benchMember.email, password: benchMember.password });
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: credentials });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

console.log(`\nFoundation benchmark (${seconds} s each, PGlite, loopback)\n`);
await measure('GET /api-w/viewer (signed in)', () => fetch(`${base}/api-w/viewer`, { headers: { cookie } }), {
  concurrency: 10,
  seconds,
});
await measure('GET /api-w/viewer (anonymous)', () => fetch(`${base}/api-w/viewer`), {
  concurrency: 10,
  seconds,
});
await measure('GET / (server-rendered landing)', () => fetch(`${base}/`), { concurrency: 10, seconds });
await measure(
  'POST /api/login (argon2id verify)',
  () => fetch(`${base}/api/login`, { method: 'POST', headers: json, body: credentials }),
  { concurrency: 4, seconds },
);
await bench.close();
