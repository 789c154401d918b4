import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { type ViewerResponse, viewerResponseSchema } from '#shared/api/viewer.ts';
import { serveForCli } from '#tests/support/cli-server.ts';
import { adjust, memberWithPoints, tillPurchase, unique } from '#tests/support/points-fixture.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { sweepMaturedPoints } from '../points/pending-points.ts';

/**
 * The viewer's cache (viewer-cache.ts) on two app servers sharing one database, as several servers
 * share one PostgreSQL: members write through server A (or the partner API, console, CLI, sweeps) and
 * read their viewer on server B, whose cache holds the viewer from before the write. Each write must
 * show on B at once. Run on PostgreSQL with TEST_DATABASE_URL (each test file gets its own schema).
 */
let db: Database;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  db = await openTestDatabase();
  // Both servers configured alike, as behind one load balancer (with the member features used below).
  const config = { enablePointsExchange: true, selfProfileUpdateEnabled: true };
  a = await createTestApp({ db, config });
  b = await createTestApp({ db, config });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.close();
});

/** The viewer of a session on one server, as a browser asks it. */
async function viewerOn(t: TestApp, session: string | undefined): Promise<ViewerResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api-w/viewer',
    headers: session ? { cookie: `session=${session}` } : {},
  });
  expect(res.statusCode).toBe(200);
  return viewerResponseSchema.parse(res.json());
}

/** The account on server B, asked twice so that B's cache holds it (the second answer is cached). */
async function cachedOnB(client: TestClient) {
  await viewerOn(b, client.sessionCookie());
  return (await viewerOn(b, client.sessionCookie())).account;
}

const accountOnB = async (client: TestClient) => (await viewerOn(b, client.sessionCookie())).account;

/** A change made with the viewer's triggers off, as no path of the app can make one. */
async function withoutTriggers(sql: string, params: unknown[]) {
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(sql, params);
  });
}

describe('the viewer cache on two servers: every write shows on the other server at once', () => {
  it('is used: a server answers from its cache while the account’s viewer version stands', async () => {
    const m = await a.signedInMember();
    expect((await a.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 300 }))).status).toBe(
      201,
    );
    expect((await cachedOnB(m.client))?.pendingPointsBalance).toBe(300);
    // Without the trigger nothing tells the cache: B still shows what it read (this is why every
    // table the viewer reads has one, migration 0037).
    await withoutTriggers(
      'UPDATE ledger_entries SET points = 301 WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)',
      [m.loyaltyId],
    );
    expect((await accountOnB(m.client))?.pendingPointsBalance).toBe(300);
    // Any write through the triggers moves the version, and B reads everything again.
    expect((await a.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 5 }))).status).toBe(
      201,
    );
    expect((await accountOnB(m.client))?.pendingPointsBalance).toBe(306);
  });

  it('a purchase and a return through the partner API', async () => {
    const m = await a.signedInMember();
    expect((await cachedOnB(m.client))?.pendingPointsBalance).toBe(0);
    const purchase = tillPurchase(m.loyaltyId, { points: 1_300 });
    expect((await a.partner('POST', '/purchases', purchase)).status).toBe(201);
    expect((await accountOnB(m.client))?.pendingPointsBalance).toBe(1_300);
    const returned = await a.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId: purchase.orderId,
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect((await accountOnB(m.client))?.pendingPointsBalance).toBe(0);
  });

  it('a batch of purchases through the partner API', async () => {
    const m = await a.signedInMember();
    await cachedOnB(m.client);
    const batch = await a.partner('POST', '/purchases/batch', {
      purchases: [tillPurchase(m.loyaltyId, { points: 10 }), tillPurchase(m.loyaltyId, { points: 20 })],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect((await accountOnB(m.client))?.pendingPointsBalance).toBe(30);
  });

  it('pending points maturing: no write at all, only time passing', async () => {
    const m = await a.signedInMember();
    expect((await a.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 700 }))).status).toBe(
      201,
    );
    // The returns window ends in two seconds; B caches the viewer while the points are pending (set
    // again if this machine was too slow for that).
    let cached: ViewerResponse['account'];
    do {
      await db.query(
        `UPDATE ledger_entries SET confirms_at = now() + interval '2 seconds'
          WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
        [m.loyaltyId],
      );
      cached = await cachedOnB(m.client);
    } while (cached?.pendingPointsBalance !== 700);
    expect(cached).toMatchObject({ pendingPointsBalance: 700, pointsBalance: 0 });
    // Then only the clock moves: the database's, as the viewer's query reads it.
    while (
      (
        await db.query(
          'SELECT 1 FROM ledger_entries WHERE confirms_at > now() AND order_id IS NOT NULL AND account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)',
          [m.loyaltyId],
        )
      ).length > 0
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await accountOnB(m.client)).toMatchObject({ pendingPointsBalance: 0, pointsBalance: 700 });
  });

  it('the points sweep confirming matured points', async () => {
    const m = await a.signedInMember();
    expect((await a.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 40 }))).status).toBe(
      201,
    );
    await withoutTriggers(
      `UPDATE ledger_entries SET confirms_at = now() - interval '1 second'
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
      [m.loyaltyId],
    );
    expect(await cachedOnB(m.client)).toMatchObject({ pendingPointsBalance: 0, pointsBalance: 40 });
    await sweepMaturedPoints(a.ctx.db);
    // The points moved from matured to the balance: a stale cache would count them twice (80).
    expect(await accountOnB(m.client)).toMatchObject({ pendingPointsBalance: 0, pointsBalance: 40 });
  });

  it('an exchange of points for cash', async () => {
    const m = await memberWithPoints(a, 1_000);
    expect(await cachedOnB(m.client)).toMatchObject({ pointsBalance: 1_000, cashBalance: 0 });
    const res = await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await accountOnB(m.client)).toMatchObject({ pointsBalance: 500, cashBalance: 500 });
  });

  it('a consent change, and a one-tap withdrawal', async () => {
    const m = await a.signedInMember();
    expect((await cachedOnB(m.client))?.membership.marketingConsent).toBe('unknown');
    const res = await m.client.post('/api/update-account', { marketingConsent: 'consent' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await accountOnB(m.client))?.membership.marketingConsent).toBe('consent');
    await cachedOnB(m.client);
    expect((await m.client.post('/api/privacy/withdraw-consent', { channel: 'email' })).status).toBe(200);
    expect((await accountOnB(m.client))?.membership.marketingConsent).toBe('decline');
  });

  it('a profile edit', async () => {
    const m = await a.signedInMember();
    expect((await cachedOnB(m.client))?.fullName).toBe('Test Member');
    const res = await m.client.post('/api/update-account', { name: 'Ada Rivers' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await accountOnB(m.client))?.fullName).toBe('Ada Rivers');
  });

  it('any change to the account row, even one no trigger sees: the answer is made again', async () => {
    const m = await a.signedInMember();
    expect((await cachedOnB(m.client))?.fullName).toBe('Test Member');
    // B keeps its whole answer only while the row is the version it was made from (its xmin).
    await withoutTriggers('UPDATE accounts SET full_name = $2 WHERE loyalty_id = $1', [
      m.loyaltyId,
      'Row Only',
    ]);
    expect((await accountOnB(m.client))?.fullName).toBe('Row Only');
    await withoutTriggers('UPDATE accounts SET points_balance = 40 WHERE loyalty_id = $1', [m.loyaltyId]);
    expect((await accountOnB(m.client))?.pointsBalance).toBe(40);
  });

  it('the verification email becoming sendable again: no write at all, only time passing', async () => {
    const m = await a.signedInMember();
    // A new address waits for its proof; the last link went out so that its window ends in two
    // seconds (set again if this machine was too slow to cache the answer before that).
    const resendable = async () => (await accountOnB(m.client))?.emailVerificationRequestResendAvailable;
    let cached: ViewerResponse['account'];
    do {
      await db.query(
        `UPDATE accounts SET pending_email = 'new-address@example.com',
                verification_sent_at = now() - make_interval(mins => $2) + interval '2 seconds'
          WHERE loyalty_id = $1`,
        [m.loyaltyId, b.config.verificationResendWindowMinutes],
      );
      cached = await cachedOnB(m.client);
    } while (cached?.emailVerificationRequestResendAvailable !== false);
    // Then only the clock moves, past the window's end.
    while (
      (
        await db.query(
          `SELECT 1 FROM accounts WHERE loyalty_id = $1
              AND verification_sent_at + make_interval(mins => $2) > now() - interval '50 milliseconds'`,
          [m.loyaltyId, b.config.verificationResendWindowMinutes],
        )
      ).length > 0
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await resendable()).toBe(true);
  });

  it('a passkey added, signed in with, then removed: its session ends on every server', async () => {
    const m = await a.signedInMember();
    const authenticator = new SoftAuthenticator();
    const options = await m.client.post<{ options: { challenge: string; user: { id: string } } }>(
      '/api/passkeys/registration-options',
      {},
    );
    const registered = await m.client.post('/api/passkeys/register', {
      response: authenticator.register(options.body.options),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await accountOnB(m.client))?.loyaltyId).toBe(m.loyaltyId);
    // A second browser signs in with the passkey (on server A); B caches that session's viewer.
    const phone = a.client();
    const loginOptions = await phone.post<{ options: { challenge: string } }>(
      '/api/passkeys/login-options',
      {},
    );
    const signedIn = await phone.post('/api/passkeys/login', {
      response: authenticator.authenticate(loginOptions.body.options),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await cachedOnB(phone))?.loyaltyId).toBe(m.loyaltyId);
    const [passkey] = (await m.client.get<{ _id: string }[]>('/api/passkeys')).body;
    const removed = await m.client.post('/api/passkeys/remove', { id: passkey?._id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await viewerOn(b, phone.sessionCookie())).isAnonymous).toBe(true);
    expect((await accountOnB(m.client))?.loyaltyId).toBe(m.loyaltyId);
  });

  it('a session ended from another browser, and signing out', async () => {
    const m = await a.signedInMember();
    const laptop = a.client();
    expect((await laptop.post('/api/login', { username: m.email, password: m.password })).status).toBe(200);
    expect((await cachedOnB(laptop))?.loyaltyId).toBe(m.loyaltyId);
    expect((await m.client.post('/api/sessions/end-others', {})).status).toBe(200);
    expect((await viewerOn(b, laptop.sessionCookie())).isAnonymous).toBe(true);

    expect((await cachedOnB(m.client))?.loyaltyId).toBe(m.loyaltyId);
    const session = m.client.sessionCookie();
    expect((await m.client.post('/api/logout', {})).status).toBe(200);
    expect((await viewerOn(b, session)).isAnonymous).toBe(true);
  });

  it('a session past its idle or absolute time-out, with no write: time alone', async () => {
    const m = await a.signedInMember();
    const other = a.client();
    expect((await other.post('/api/login', { username: m.email, password: m.password })).status).toBe(200);
    await cachedOnB(m.client);
    await cachedOnB(other);
    await db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1) AND created_at = (
          SELECT min(created_at) FROM sessions WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1))`,
      [m.loyaltyId],
    );
    await db.query(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 + 1)
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
      [m.loyaltyId, b.config.sessionIdleTimeoutMinutes],
    );
    expect((await viewerOn(b, m.client.sessionCookie())).isAnonymous).toBe(true);
    expect((await viewerOn(b, other.sessionCookie())).isAnonymous).toBe(true);
  });

  it('a staff adjustment in the console, and one through the partner API', async () => {
    const m = await memberWithPoints(a, 100);
    const manager = (await signedInStaff(a, 'manager')).client;
    expect((await cachedOnB(m.client))?.pointsBalance).toBe(100);
    const res = await manager.post('/staff-api/member/adjust-points', {
      loyaltyId: m.loyaltyId,
      adjustmentId: unique('adj'),
      points: 250,
      reason: 'Goodwill',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await accountOnB(m.client))?.pointsBalance).toBe(350);
    expect((await adjust(a, m.loyaltyId, -50, 'Correction')).status).toBe(201);
    expect((await accountOnB(m.client))?.pointsBalance).toBe(300);
  });

  it('the member deleting their account, and staff deleting one', async () => {
    const m = await a.signedInMember();
    await cachedOnB(m.client);
    const deleted = await m.client.post('/api/delete-account', { username: m.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await accountOnB(m.client)) ?? null).toBeNull();

    const other = await a.signedInMember();
    const manager = (await signedInStaff(a, 'manager')).client;
    await cachedOnB(other.client);
    expect(
      (
        await manager.post('/staff-api/member/delete', {
          loyaltyId: other.loyaltyId,
          confirm: other.loyaltyId,
        })
      ).status,
    ).toBe(200);
    expect((await accountOnB(other.client)) ?? null).toBeNull();
  });
});

describe('the burn rate: read once per server, and a change reaches every server', () => {
  const maxCash = async (client: TestClient) => (await accountOnB(client))?.maxAvailableCashValue;
  afterEach(async () => {
    vi.unstubAllEnvs();
    expect((await a.partner('POST', '/burn-rates', { pointsLevel: 500, cashValue: 500 })).status).toBe(200);
  });

  it('through the partner API', async () => {
    const m = await memberWithPoints(a, 1_000);
    expect((await a.partner('POST', '/burn-rates', { pointsLevel: 500, cashValue: 500 })).status).toBe(200);
    await cachedOnB(m.client);
    expect(await maxCash(m.client)).toBe(1_000);
    expect((await a.partner('POST', '/burn-rates', { pointsLevel: 500, cashValue: 250 })).status).toBe(200);
    expect(await maxCash(m.client)).toBe(500);
  });

  it('in the console', async () => {
    const m = await memberWithPoints(a, 1_000);
    const manager = (await signedInStaff(a, 'manager')).client;
    await cachedOnB(m.client);
    expect(await maxCash(m.client)).toBe(1_000);
    const res = await manager.post('/staff-api/burn-rate', { pointsLevel: 250, cashValue: 500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await maxCash(m.client)).toBe(2_000);
  });

  it('with the operator CLI', async () => {
    const m = await memberWithPoints(a, 1_000);
    await cachedOnB(m.client);
    expect(await maxCash(m.client)).toBe(1_000);
    await serveForCli(a);
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await runCli(['burn-rate', 'set', '--points-level', '1000', '--cash', '5.00'])).toBe(0);
    } finally {
      quiet.mockRestore();
    }
    expect(await maxCash(m.client)).toBe(500);
  });
});
