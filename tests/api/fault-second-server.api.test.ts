import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { repeatableFiles } from '../../src/server/db/migrate.ts';
import {
  createServerStore,
  runRefusedServer,
  type ServerProcess,
  type ServerStore,
  startServer,
} from '../support/server-process.ts';

/**
 * Fault test: a second server on the same data. On the embedded database two processes
 * on one folder destroyed acknowledged purchases, so the second one must refuse to start. On
 * PostgreSQL several app servers are the supported way to scale: they must start together cleanly
 * and serve one member as one app.
 */
describe('fault: a second server on one data directory', () => {
  let store: ServerStore | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill9();
    await store?.remove();
  });

  describe.skipIf(process.env.TEST_DATABASE_URL)('embedded database', () => {
    it('second server on one data directory: exits non-zero at once, naming the running process and the directory, and changes nothing', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const first = await startServer(store);
      servers.push(first);
      const member = await first.partner('POST', '/members', {
        email: `first-${Date.now()}@example.com`,
        name: 'Fay First',
        password: 'correct-horse-battery',
      });
      expect(member.status).toBe(201);

      const second = await runRefusedServer(store);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `The data directory ${store.dataDir} is in use by another server (process ${first.pid}).`,
      );
      expect(second.output).not.toContain('is running at');
      // The first server still answers, with what it acknowledged.
      const after = await first.partner('POST', '/members', {
        email: `first-again-${Date.now()}@example.com`,
        name: 'Fay First',
        password: 'correct-horse-battery',
      });
      expect(after.status).toBe(201);
    }, 180_000);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
    it('several servers starting together on one PostgreSQL: each migration runs once, and all of them serve', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const started = await Promise.all([startServer(store), startServer(store), startServer(store)]);
      servers.push(...started);
      const migrations = readdirSync(new URL('../../src/server/db/migrations/', import.meta.url)).filter(
        (name) => name.endsWith('.sql'),
      );
      const applied = await store.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((row) => row.name)).toEqual(migrations.sort());
      const lines = started.flatMap((server) => server.output().match(/migration applied: \S+/g) ?? []);
      expect(lines.sort()).toEqual(migrations.map((name) => `migration applied: ${name}`));
      // The database functions' files too: applied once, by one of them, under the same lock.
      const functions = started.flatMap(
        (server) => server.output().match(/database functions applied: \S+/g) ?? [],
      );
      expect(functions.sort()).toEqual(
        (await repeatableFiles()).map((file) => `database functions applied: ${file.name}`),
      );
      for (const [i, server] of started.entries()) {
        const res = await server.partner('POST', '/members', {
          email: `server-${i}-${Date.now()}@example.com`,
          name: 'Sam Several',
          password: 'correct-horse-battery',
        });
        expect(res.status, server.output()).toBe(201);
      }
    }, 180_000);

    it('a member served alternately by two servers: sign in on one and act on the other, one throttle across both, a link spent once whichever opens it', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      // Both servers behind one balancer: one public origin, the same configuration file.
      const origin = 'http://localhost:3999';
      const configDir = mkdtempSync(join(tmpdir(), 'loyalty-two-servers-'));
      const configFile = join(configDir, 'loyalty.json');
      writeFileSync(
        configFile,
        JSON.stringify({ publicOrigin: origin, signInThrottle: { accountFailures: 2, addressFailures: 50 } }),
      );
      try {
        const [a, b] = await Promise.all([
          startServer(store, { env: { LOYALTY_CONFIG: configFile } }),
          startServer(store, { env: { LOYALTY_CONFIG: configFile } }),
        ]);
        servers.push(a, b);
        const email = `two-servers-${Date.now()}@example.com`;
        const password = 'correct-horse-battery';
        expect((await a.partner('POST', '/members', { email, name: 'Tess Two', password })).status).toBe(201);

        // Signed in on A, the member is signed in on B; signed out on B, they are out on A.
        const browser = cookieJar(origin);
        expect((await browser.post(a, '/api/login', { username: email, password })).status).toBe(200);
        expect(await isSignedIn(browser, b)).toBe(true);
        expect((await browser.post(b, '/api/logout', {})).status).toBe(200);
        expect(await isSignedIn(browser, a)).toBe(false);

        // A single-use link asked for on A works once on B, and is spent for A too.
        const linkBrowser = cookieJar(origin);
        expect((await linkBrowser.post(a, '/api/request-magic-link', { email })).status).toBe(200);
        const [mail] = await store.query<{ links: string[] }>(
          `SELECT links FROM outbox_mail WHERE email = '${email}' ORDER BY id DESC LIMIT 1`,
        );
        const token = new URL(mail?.links[0] ?? 'http://x/').searchParams.get('token');
        expect(token).toBeTruthy();
        const used = await linkBrowser.post(b, '/api/magic-link', { token, confirmed: true });
        expect(used.status).toBe(200);
        expect(await isSignedIn(linkBrowser, a)).toBe(true);
        const replay = await cookieJar(origin).post(a, '/api/magic-link', { token, confirmed: true });
        expect(replay.status).toBe(400);
        expect(replay.body).toMatchObject({
          message: 'This sign-in link has expired or has already been used. Please request a new one.',
        });

        // Two failures, one on each server, use up the account's allowance on both.
        const guesser = cookieJar(origin);
        expect(
          (await guesser.post(a, '/api/login', { username: email, password: 'wrong-guess-1' })).status,
        ).toBe(401);
        expect(
          (await guesser.post(b, '/api/login', { username: email, password: 'wrong-guess-2' })).status,
        ).toBe(401);
        for (const server of [a, b]) {
          const throttled = await cookieJar(origin).post(server, '/api/login', { username: email, password });
          expect(throttled.status).toBe(429);
          expect(throttled.body).toMatchObject({
            message:
              'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or sign in with an emailed link.',
          });
        }
      } finally {
        rmSync(configDir, { recursive: true, force: true });
      }
    }, 180_000);

    it('mail written through either of two servers is delivered once: both workers poll one outbox', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const origin = 'http://localhost:3999';
      const configDir = mkdtempSync(join(tmpdir(), 'loyalty-two-outboxes-'));
      const configFile = join(configDir, 'loyalty.json');
      writeFileSync(configFile, JSON.stringify({ publicOrigin: origin }));
      try {
        const started = await Promise.all([
          startServer(store, { env: { LOYALTY_CONFIG: configFile } }),
          startServer(store, { env: { LOYALTY_CONFIG: configFile } }),
        ]);
        servers.push(...started);
        const emails = Array.from({ length: 10 }, (_, i) => `outbox-${i}-${Date.now()}@example.com`);
        for (const [i, email] of emails.entries()) {
          const member = { email, name: 'Olly Outbox', password: 'correct-horse-battery' };
          expect((await started[i % 2]?.partner('POST', '/members', member))?.status).toBe(201);
          // The link is asked for through the other server.
          const other = started[(i + 1) % 2] as ServerProcess;
          expect((await cookieJar(origin).post(other, '/api/request-magic-link', { email })).status).toBe(
            200,
          );
        }
        const deadline = Date.now() + 60_000;
        for (;;) {
          const [left] = await store.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NULL AND given_up_at IS NULL',
          );
          if (left?.n === 0) break;
          if (Date.now() > deadline) throw new Error(`${left?.n} mails still undelivered`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const printed = started.flatMap((server) => server.output().split('\n'));
        for (const email of emails) {
          expect(
            printed.filter((line) => line.startsWith(`email to ${email}:`)),
            email,
          ).toHaveLength(1);
        }
      } finally {
        rmSync(configDir, { recursive: true, force: true });
      }
    }, 180_000);

    it('background jobs started by two servers at once do their work once: each matured purchase is confirmed once', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const first = await startServer(store);
      servers.push(first);
      const created = await first.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
        email: `sweep-${Date.now()}@example.com`,
        name: 'Suki Sweep',
        password: 'correct-horse-battery',
      });
      expect(created.status).toBe(201);
      const loyaltyId = created.body.member.loyaltyId;
      const points = [120, 340, 560, 780, 900];
      for (const [i, p] of points.entries()) {
        const purchase = {
          orderId: `sweep-${Date.now()}-${i}`,
          loyaltyId,
          channel: 'ecommerce',
          value: 1_000,
          currency: 'GBP',
          points: p,
        };
        expect((await first.partner('POST', '/purchases', purchase)).status).toBe(201);
      }
      await first.stop();
      // The purchases have matured while no server ran; two servers start together and each sweeps at once.
      await store.query(
        `UPDATE ledger_entries SET confirms_at = now() - interval '1 minute'
          WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = '${loyaltyId}')`,
      );
      servers.push(...(await Promise.all([startServer(store), startServer(store)])));
      const balanceSql = `SELECT a.points_balance AS balance,
           (SELECT COUNT(*)::int FROM ledger_entries l WHERE l.account_id = a.id AND l.confirmed_at IS NOT NULL) AS confirmed,
           (SELECT COUNT(*)::int FROM ledger_entries l WHERE l.account_id = a.id AND l.confirmed_at IS NULL) AS pending
           FROM accounts a WHERE a.loyalty_id = '${loyaltyId}'`;
      const deadline = Date.now() + 60_000;
      let row: { balance: number | string; confirmed: number; pending: number } | undefined;
      for (;;) {
        [row] = await store.query<{ balance: number | string; confirmed: number; pending: number }>(
          balanceSql,
        );
        if (row?.pending === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect({ ...row, balance: Number(row?.balance) }).toEqual({ balance: 2_700, confirmed: 5, pending: 0 });
    }, 180_000);
  });
});

/** A browser's cookies, sent to whichever server it is given (as a balancer would route it). */
function cookieJar(origin: string) {
  const cookies = new Map<string, string>();
  const send = async (server: ServerProcess, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
    const text = await response.text();
    return {
      status: response.status,
      body: (text.startsWith('{') ? JSON.parse(text) : text) as Record<string, unknown>,
    };
  };
  return {
    get: (server: ServerProcess, path: string) => send(server, 'GET', path),
    post: (server: ServerProcess, path: string, body: unknown) => send(server, 'POST', path, body),
  };
}

async function isSignedIn(browser: ReturnType<typeof cookieJar>, server: ServerProcess): Promise<boolean> {
  const viewer = await browser.get(server, '/api-w/viewer');
  expect(viewer.status).toBe(200);
  return viewer.body.isAnonymous === false;
}
