import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres.ts';
import { type ServerProcess, type ServerStore, startServer } from '../support/server-process.ts';

/**
 * Fault test: the database goes away under a stream of till purchases (its connections terminated,
 * the server crashed and started again, the server frozen), and the same app server process lives
 * through all of it: while the database is gone every request answers 503 at once (never a 500, never
 * a hang), /readyz says not ready in its own words, service resumes by itself, and every acknowledged
 * purchase is in the ledger afterwards. The database is a PostgreSQL of the test's own (the shared one
 * serves the other tests meanwhile), so this runs in the PostgreSQL pass only.
 */
const statementTimeoutMs = 2_000;
/** Longest a request may take while the database is frozen: the statement timeout plus the client's grace. */
const hungAnswerMs = statementTimeoutMs + 5_000 + 2_000;

interface Outcomes {
  acknowledged: Set<string>;
  unavailable: number;
  unexpected: string[];
}

// Its PostgreSQL is its own, never behind the pooler: the PgBouncer pass would only repeat it.
describe.runIf(process.env.TEST_DATABASE_URL && !process.env.TEST_THROUGH_PGBOUNCER)(
  'fault: the database goes away',
  () => {
    let database: PrivatePostgres | undefined;
    let server: ServerProcess | undefined;
    let dataDir: string | undefined;
    afterEach(async () => {
      await database?.thaw().catch(() => undefined);
      await server?.kill9();
      await database?.remove();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('started before its database, then terminated connections, a crash and restart, a frozen database: the same process answers 503 meanwhile, resumes by itself, and every acknowledged purchase is there', async () => {
      database = await startPrivatePostgres();
      dataDir = mkdtempSync(join(tmpdir(), 'loyalty-outage-'));
      const store: ServerStore = {
        dataDir,
        databaseUrl: database.url,
        query: (sql) => (database as PrivatePostgres).query(sql),
        remove: async () => undefined,
      };
      // 0. The server starts before its database does: it waits for it, saying so, then serves.
      await database.crash();
      const starting = startServer(store, {
        env: {
          DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          DATABASE_POOL_SIZE: '4',
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await database.start();
      server = await starting;
      expect(server.output()).toMatch(/waiting for the database/);
      const app = server;
      const member = await app.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
        email: `outage-${Date.now()}@example.com`,
        name: 'Olga Outage',
        password: 'correct-horse-battery',
      });
      expect(member.status, JSON.stringify(member.body)).toBe(201);
      const loyaltyId = member.body.member.loyaltyId;

      // 1. An idle server's connections are terminated: it must not die of it (it used to within 3 s).
      await app.partner('GET', `/members/${loyaltyId}`);
      expect(await database.terminateConnections()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await app.partner('GET', `/members/${loyaltyId}`)).status).toBe(200);

      // 2. A stream of purchases; each till retries an order it was not given a 201 for, as tills do.
      const outcomes: Outcomes = { acknowledged: new Set(), unavailable: 0, unexpected: [] };
      const sent = new Map<string, Record<string, unknown>>();
      let stopped = false;
      const till = async (lane: number) => {
        for (let i = 0; !stopped; i++) {
          const orderId = `outage-${lane}-${i}`;
          const points = 1 + ((lane * 31 + i * 7) % 97);
          const body = {
            orderId,
            loyaltyId,
            channel: 'ecommerce',
            value: 1_000 + i,
            currency: 'GBP',
            points,
          };
          sent.set(orderId, body);
          while (!stopped) {
            const started = Date.now();
            const res = await app.partner('POST', '/purchases', body);
            const took = Date.now() - started;
            if (took > hungAnswerMs) outcomes.unexpected.push(`${orderId}: answered after ${took} ms`);
            if (res.status === 201) {
              outcomes.acknowledged.add(orderId);
              break;
            }
            if (res.status === 503) outcomes.unavailable += 1;
            else outcomes.unexpected.push(`${orderId}: ${res.status} ${JSON.stringify(res.body)}`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      };
      const acknowledgedGrowsBy = async (count: number, what: string) => {
        const target = outcomes.acknowledged.size + count;
        const deadline = Date.now() + 30_000;
        while (outcomes.acknowledged.size < target) {
          if (Date.now() > deadline) throw new Error(`no service ${what}: ${outcomes.unexpected.join('; ')}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const lanes = [0, 1, 2, 3].map(till);
      await acknowledgedGrowsBy(40, 'at first');

      // 3. Connections terminated under load.
      await database.terminateConnections();
      await acknowledgedGrowsBy(40, 'after the connections were terminated');

      // 4. The database crashes and is down for three seconds.
      await database.crash();
      const ready = await fetch(`${app.url}/readyz`);
      const readyText = await ready.text();
      expect(ready.status).toBe(503);
      expect(JSON.parse(readyText)).toMatchObject({ status: 'not ready', checks: { database: 'failed' } });
      // The driver's own words (addresses, ports, error codes) stay in the server's log.
      expect(readyText).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|terminated/i);
      const during = await app.partner('GET', `/members/${loyaltyId}`);
      expect(during).toMatchObject({ status: 503, body: { success: false, error: 'Unavailable' } });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await database.start();
      await acknowledgedGrowsBy(40, 'after the database came back');

      // 5. The database freezes (a hung host): requests answer 503 within the timeouts, then resume.
      await database.freeze();
      const unavailableBefore = outcomes.unavailable;
      const frozenAt = Date.now();
      while (outcomes.unavailable < unavailableBefore + 4 && Date.now() - frozenAt < 3 * hungAnswerMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(outcomes.unavailable).toBeGreaterThanOrEqual(unavailableBefore + 4);
      await database.thaw();
      await acknowledgedGrowsBy(40, 'after the database was thawed');

      stopped = true;
      await Promise.all(lanes);
      expect(outcomes.unexpected).toEqual([]);
      expect(outcomes.unavailable).toBeGreaterThan(0);
      expect(app.output()).not.toMatch(/Unhandled|uncaught/i);
      // The same process: it never exited.
      expect(() => process.kill(app.pid, 0)).not.toThrow();

      // Every acknowledged order is in the ledger (a replay answers "replayed"), and the points are
      // exactly the sum of every order sent (the last unacknowledged ones are recorded by the replay).
      const lost: string[] = [];
      for (const [orderId, body] of sent) {
        const res = await app.partner('POST', '/purchases', body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        if (outcomes.acknowledged.has(orderId) && !res.replayed) lost.push(orderId);
      }
      expect(
        lost,
        `${lost.length} of ${outcomes.acknowledged.size} acknowledged purchases were lost`,
      ).toEqual([]);
      console.info(
        `database outage: ${outcomes.acknowledged.size} purchases acknowledged, ${outcomes.unavailable} answers 503, none lost`,
      );
      const details = await app.partner<{ member: { pointsBalance: number; pendingPointsBalance: number } }>(
        'GET',
        `/members/${loyaltyId}`,
      );
      const expected = [...sent.values()].reduce((sum, body) => sum + Number(body.points), 0);
      expect(details.body.member.pointsBalance + details.body.member.pendingPointsBalance).toBe(expected);
    }, 240_000);
  },
);
