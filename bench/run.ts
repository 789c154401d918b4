/**
 * Foundation benchmark: the real app (web build, PGlite) on a local port, measured over HTTP on
 * loopback. Run `npm run build` first, then `npm run bench`. Numbers depend on the machine: compare
 * runs on the same one.
 */
import { existsSync } from 'node:fs';
import { buildApp } from '../src/server/app.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';
import { memoryTransport } from '../src/server/email/mailer.ts';
import { sessionService } from '../src/server/sessions/session-service.ts';
import { defaultWebDist } from '../src/server/web-host/web-host.ts';
import { defaultConfig } from '../src/shared/config.ts';
import { measure } from './http-bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const db = await openPglite(null);
await migrate(db);
const { app } = await buildApp(
  {
    config: defaultConfig,
    db,
    sessions: sessionService(defaultConfig),
    mailTransport: memoryTransport(),
    origin: 'http://localhost:3000',
    production: true,
    dataDir: '/tmp',
    partnerApiKey: 'bench-key',
  },
  { webDist: existsSync(defaultWebDist) ? defaultWebDist : null },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const json = { 'content-type': 'application/json', origin: 'http://localhost:3000' };

await fetch(`${base}/partner/v1/members`, {
  method: 'POST',
  headers: { ...json, authorization: 'Bearer bench-key' },
  body: JSON.stringify({ email: 'bench@example.com', name: 'Bench Member', password: 'bench-password-1' }),
});
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ username: 'bench@example.com', password: 'bench-password-1' }),
});
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
  () =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'bench@example.com', password: 'bench-password-1' }),
    }),
  { concurrency: 4, seconds },
);
await app.close();
await db.close();
