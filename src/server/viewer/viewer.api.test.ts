import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingDatabase, type SentStatement } from '#tests/support/recording-database.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';
import type { Database } from '../db/database.ts';

let db: Database;
let t: TestApp;
let sent: SentStatement[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  t = await createTestApp({ db: recordingDatabase(db, (statement) => sent.push(statement)) });
});
afterAll(async () => {
  await t.close();
  await db.close();
});

/** The viewer as a browser asks it (straight to the app: no test client waiting on the outbox after). */
async function viewer(session?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api-w/viewer',
    headers: session ? { cookie: `session=${session}` } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** The statements one request sent to the database. */
async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
  sent = [];
  await request();
  return sent.map((statement) => statement.sql.replace(/\s+/g, ' ').trim());
}

describe('viewer: one round trip in the common case', () => {
  it('a signed-in member’s viewer is one statement, and shows their account', async () => {
    const m = await t.signedInMember({ name: 'Round Trip' });
    expect(
      (
        await t.partner('POST', '/purchases', {
          orderId: `viewer-${Date.now()}`,
          loyaltyId: m.loyaltyId,
          channel: 'ecommerce',
          value: 1_000,
          currency: 'GBP',
          points: 120,
        })
      ).status,
    ).toBe(201);
    let body: Record<string, unknown> = {};
    const statements = await statementsOf(async () => {
      body = await viewer(m.client.sessionCookie());
    });
    expect(statements).toHaveLength(1);
    expect(body).toMatchObject({
      isAnonymous: false,
      account: { fullName: 'Round Trip', loyaltyId: m.loyaltyId, pendingPointsBalance: 120 },
    });
  });

  it('a session idle for over a minute: the same answer, plus the one write of its idle clock', async () => {
    const m = await t.signedInMember();
    await db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)",
      [m.loyaltyId],
    );
    const statements = await statementsOf(async () => {
      expect(await viewer(m.client.sessionCookie())).toMatchObject({ isAnonymous: false });
    });
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain('UPDATE sessions SET last_seen_at');
    expect(await statementsOf(() => viewer(m.client.sessionCookie()))).toHaveLength(1);
  });

  it('a visitor without a session costs no statement; an unknown or ended session one, and is anonymous', async () => {
    expect(await statementsOf(() => viewer())).toHaveLength(0);
    const forged = await statementsOf(async () => {
      expect(await viewer('not-a-session')).toMatchObject({ isAnonymous: true, account: null });
    });
    expect(forged).toHaveLength(1);
    const m = await t.signedInMember();
    await db.query('UPDATE accounts SET can_sign_in = false WHERE loyalty_id = $1', [m.loyaltyId]);
    expect(await viewer(m.client.sessionCookie())).toMatchObject({ isAnonymous: true });
  });
});

describe('viewer: quiet at the default log level', () => {
  it('a successful viewer writes no log line at info; a failed request writes one', async () => {
    const lines: string[] = [];
    const quiet = await createTestApp({
      db,
      logTo: { write: (line) => void lines.push(line) },
      logLevel: 'info',
    });
    try {
      const m = await quiet.signedInMember();
      lines.length = 0;
      for (let i = 0; i < 3; i++) {
        const res = await quiet.app.inject({
          method: 'GET',
          url: '/api-w/viewer',
          headers: { cookie: `session=${m.client.sessionCookie()}` },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(lines).toEqual([]);
      expect((await quiet.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
      expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  });
});
