import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { pointsExpiryEndpoint, transactionsEndpoint } from '#shared/api/points.ts';
import { dataExportSchema } from '#shared/api/privacy.ts';
import { serveForCli } from '#tests/support/cli-server.ts';
import { adjust, tillPurchase, unique, viewerAccount } from '#tests/support/points-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { expirePoints, remindOfExpiry, startExpiryJob } from './expiry-job.ts';

/**
 * Points expiry. Time moves as in the pending-points tests: purchases carry the
 * date they were made (`purchasedAt`), and a test backdates a row's confirms_at to let months pass;
 * the job reads the database's now(). On PostgreSQL the parallel runs below use separate pool
 * connections, as several app servers would.
 */
const months = 12;
const day = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { pointsExpiry: { months, reminderDays: 30 } } });
});
afterAll(() => t.close());
// Each test's members have lots older than the last test's: start both walks from the beginning,
// as a fresh scheme would (the walks' own progress is tested below).
beforeEach(async () => {
  await t.ctx.db.query("UPDATE points_expiry_progress SET through = '-infinity', through_id = 0");
});

/** A purchase whose points confirm(ed) `confirmedDaysAgo` days ago (the 28-day returns window before). */
async function lot(loyaltyId: string, points: number, confirmedDaysAgo: number) {
  const purchasedAt = new Date(Date.now() - (confirmedDaysAgo + 28) * day);
  purchasedAt.setUTCHours(12, 0, 0, 0);
  const order = tillPurchase(loyaltyId, { points, purchasedAt: purchasedAt.toISOString() });
  const res = await t.partner('POST', '/purchases', order);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return order;
}

/** Days ago that a lot confirmed which expires in `days` days (12 months after it confirmed). */
function expiringIn(days: number) {
  const expires = new Date(Date.now() + days * day);
  const confirmed = new Date(expires);
  confirmed.setUTCMonth(confirmed.getUTCMonth() - months);
  return Math.round((Date.now() - confirmed.getTime()) / day);
}

/**
 * `days` pass: every date the ledger, the jobs' progress and the reminders hold moves that far into
 * the past, as the pending-points tests let a returns window pass by backdating confirms_at.
 */
async function timePasses(days: number) {
  const shift = `make_interval(days => ${days})`;
  await t.ctx.db.query(
    `UPDATE ledger_entries SET created_at = created_at - ${shift}, confirms_at = confirms_at - ${shift},
       confirmed_at = confirmed_at - ${shift}`,
  );
  await t.ctx.db.query(`UPDATE points_expiry_progress SET through = through - ${shift}`);
  await t.ctx.db.query(
    `UPDATE points_expiry_reminders SET expires_on = expires_on - ${days}, sent_at = sent_at - ${shift}`,
  );
  await t.ctx.db.query(`UPDATE marketing_consents SET recorded_at = recorded_at - ${shift}`);
}

async function ledgerOf(loyaltyId: string) {
  return t.ctx.db.query<{ kind: string; points: number }>(
    `SELECT kind, points FROM ledger_entries
      WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1) ORDER BY id`,
    [loyaltyId],
  );
}

/** The balance is the sum of every counted row (expiry rows included), and never negative. */
async function ledgerAgrees(loyaltyId: string) {
  const [row] = await t.ctx.db.query<{ balance: number; counted: number }>(
    `SELECT a.points_balance AS balance,
       (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l
         WHERE l.account_id = a.id AND (l.confirms_at IS NULL OR l.confirmed_at IS NOT NULL)) AS counted
       FROM accounts a WHERE a.loyalty_id = $1`,
    [loyaltyId],
  );
  expect(row?.balance).toBe(row?.counted);
  expect(row?.balance).toBeGreaterThanOrEqual(0);
  return row?.balance;
}

describe('points expiry: the job', () => {
  it('expires the points past their date, oldest spent first, once however often it runs', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 100, 400); // expired about a month ago
    await lot(m.loyaltyId, 300, expiringIn(20));
    // Spending 60 takes them from the oldest lot: 40 of it are left to expire.
    expect((await adjust(t, m.loyaltyId, -60, 'Spent at the till')).status).toBe(201);
    expect(await expirePoints(t.ctx.db, months)).toBeGreaterThanOrEqual(40);
    expect(await expirePoints(t.ctx.db, months)).toBe(0);
    expect((await ledgerOf(m.loyaltyId)).filter((row) => row.kind === 'expiry')).toEqual([
      { kind: 'expiry', points: -40 },
    ]);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(300);
    expect((await viewerAccount(m.client))?.pointsBalance).toBe(300);
  });

  it('never takes the balance below zero, nor points already spent, nor pending points', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 200, 400);
    expect((await adjust(t, m.loyaltyId, -200, 'Spent')).status).toBe(201);
    // A recent purchase: pending, and its points expire a year after they confirm.
    const recent = tillPurchase(m.loyaltyId, { points: 500 });
    expect((await t.partner('POST', '/purchases', recent)).status).toBe(201);
    await expirePoints(t.ctx.db, months);
    expect((await ledgerOf(m.loyaltyId)).map((row) => row.kind)).not.toContain('expiry');
    expect(await viewerAccount(m.client)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: 500 });
  });

  it('a purchase’s returns net its own lot; a return after its points expired takes none', async () => {
    const m = await t.signedInMember();
    const returned = await lot(m.loyaltyId, 100, 300);
    const kept = await lot(m.loyaltyId, 50, 280);
    await lot(m.loyaltyId, 500, 10);
    // Returned after its points were confirmed (taken from the balance), before they expire.
    const early = await t.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId: returned.orderId,
      points: 30,
    });
    expect(early.body).toMatchObject({ entry: { points: -30 } });
    await timePasses(100);
    await expirePoints(t.ctx.db, months);
    // 70 left of the first purchase and all 50 of the second: the 500 are untouched.
    expect((await ledgerOf(m.loyaltyId)).filter((row) => row.kind === 'expiry')).toEqual([
      { kind: 'expiry', points: -120 },
    ]);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(500);
    // The second purchase is returned now: its points expired, so the return takes none of the 500.
    const late = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId: kept.orderId });
    expect(late.status).toBe(201);
    expect(late.body).toMatchObject({ entry: { points: 0 } });
    expect(await ledgerAgrees(m.loyaltyId)).toBe(500);
    await expirePoints(t.ctx.db, months);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(500);
  });

  it('positive adjustments are lots, dated when they were made; negative ones spend the oldest first', async () => {
    const m = await t.signedInMember();
    expect((await adjust(t, m.loyaltyId, 80, 'Goodwill')).status).toBe(201);
    await t.ctx.db.query(
      `UPDATE ledger_entries SET created_at = now() - interval '13 months'
        WHERE kind = 'adjustment' AND account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
      [m.loyaltyId],
    );
    expect((await adjust(t, m.loyaltyId, -30, 'Correction')).status).toBe(201);
    await expirePoints(t.ctx.db, months);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(0);
  });

  it('the member reads the expiry in their history, staff in the console, and it is in the data export', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 250, 370);
    await expirePoints(t.ctx.db, months);
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({ kind: 'expiry', adjustedPoints: -250, pending: false, expiresAt: null });
    const data = dataExportSchema.parse((await m.client.get('/api/privacy/export')).body);
    expect(data.ledger.at(-1)).toMatchObject({ kind: 'expiry', points: -250, recordedBy: 'expiry' });
    const support = await signedInStaff(t, 'support');
    const view = await support.client.get<{
      ledger: { kind: string; points: number; balanceAfter: number }[];
    }>(`/staff-api/member?loyaltyId=${m.loyaltyId}`);
    expect(view.status).toBe(200);
    expect(view.body.ledger[0]).toMatchObject({ kind: 'expiry', points: -250, balanceAfter: 0 });
  });

  it('walks the lots a batch at a time and remembers where it got to', async () => {
    const members = await Promise.all([1, 2, 3].map(() => t.signedInMember()));
    for (const m of members) {
      await lot(m.loyaltyId, 10, 500);
      await lot(m.loyaltyId, 20, 450);
    }
    // One lot per batch: six lots of three members take several batches in one run.
    await expirePoints(t.ctx.db, months, 1);
    for (const m of members) expect(await ledgerAgrees(m.loyaltyId)).toBe(0);
    const [progress] = await t.ctx.db.query<{ through: Date }>(
      "SELECT through FROM points_expiry_progress WHERE job = 'expiry'",
    );
    expect(progress?.through.getTime()).toBeGreaterThan(Date.now() - 450 * day);
    expect(progress?.through.getTime()).toBeLessThan(Date.now() - 365 * day);
  });

  it('several servers running it at once expire each member once (PostgreSQL: 100 runs in parallel)', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => t.signedInMember()));
    for (const m of members) {
      await lot(m.loyaltyId, 120, 300);
      await lot(m.loyaltyId, 80, 290);
      await lot(m.loyaltyId, 1_000, 10);
    }
    // Only these members' lots are due in the window the runs walk.
    await expirePoints(t.ctx.db, months);
    await timePasses(80);
    await Promise.all(Array.from({ length: 100 }, () => expirePoints(t.ctx.db, months, 2)));
    for (const m of members) {
      expect((await ledgerOf(m.loyaltyId)).filter((row) => row.kind === 'expiry')).toEqual([
        { kind: 'expiry', points: -200 },
      ]);
      expect(await ledgerAgrees(m.loyaltyId)).toBe(1_000);
    }
  });
});

describe('points expiry: Home and the reminder', () => {
  it('Home’s next expiry: the first day with points left to expire, net of what was spent', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 100, expiringIn(10));
    const later = expiringIn(40);
    await lot(m.loyaltyId, 300, later);
    expect((await adjust(t, m.loyaltyId, -100, 'Spent')).status).toBe(201);
    const res = await m.client.get('/api/points-expiry');
    expect(res.status).toBe(200);
    const rows = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    const expiresAt = rows.find((row) => row.adjustedPoints === 300)?.expiresAt ?? '';
    expect(pointsExpiryEndpoint.response.parse(res.body)).toEqual({
      next: { points: 300, expiresOn: expiresAt.slice(0, 10) },
    });
  });

  it('Home and the job agree: returns net their lot, spending takes the oldest, pending points wait', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 100, 380); // due: the job has not run for it yet
    const soon = await lot(m.loyaltyId, 300, expiringIn(10));
    expect((await t.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 200 }))).status).toBe(
      201,
    ); // pending
    const returned = await t.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId: soon.orderId,
      points: 50,
    });
    expect(returned.status).toBe(201);
    expect((await adjust(t, m.loyaltyId, -120, 'Spent')).status).toBe(201);
    // The 120 spent took the 100 due and 20 of the 250 left of the 300: 230 expire next.
    const next = async () =>
      pointsExpiryEndpoint.response.parse((await m.client.get('/api/points-expiry')).body).next?.points;
    expect(await next()).toBe(230);
    await expirePoints(t.ctx.db, months);
    expect((await ledgerOf(m.loyaltyId)).map((row) => row.kind)).not.toContain('expiry');
    expect(await next()).toBe(230);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(230);
  });

  it('emails members who said yes to email once per expiry day, 30 days before, never twice in parallel', async () => {
    // Earlier tests' reminders are behind the walk.
    await remindOfExpiry(t.ctx, months, 30);
    const yes = await t.signedInMember({ name: 'Alex Yes' });
    const no = await t.signedInMember();
    const changed = await t.signedInMember();
    expect((await yes.client.post('/api/update-account', { marketingConsent: 'consent' })).status).toBe(200);
    await no.client.post('/api/update-account', { marketingConsent: 'decline' });
    await changed.client.post('/api/update-account', { marketingConsent: 'consent' });
    await changed.client.post('/api/update-account', { marketingConsent: 'decline' });
    for (const m of [yes, no, changed]) {
      await lot(m.loyaltyId, 250, expiringIn(20));
      await lot(m.loyaltyId, 1_000, expiringIn(45));
    }
    const before = t.mails.length;
    await Promise.all(Array.from({ length: 100 }, () => remindOfExpiry(t.ctx, months, 30, 2)));
    await t.ctx.outbox.drain();
    const sent = t.mails.slice(0, t.mails.length - before);
    expect(sent.map((mail) => mail.to)).toEqual([yes.email]);
    expect(sent[0]?.subject).toMatch(/^250 points expire on \d{1,2}(st|nd|rd|th) [A-Z][a-z]+( \d{4})?$/);
    expect(sent[0]?.text).toContain('Dear Alex,');
    expect(sent[0]?.text).toContain('Your oldest points are always used first');
    // 25 days later the 1,000 points are 20 days from expiring: a second reminder, for that day.
    await timePasses(25);
    await Promise.all([1, 2, 3].map(() => remindOfExpiry(t.ctx, months, 30)));
    await t.ctx.outbox.drain();
    const second = t.mails.slice(0, t.mails.length - before - 1);
    expect(second.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^1,000 points expire on /)]);
  });

  it('is off by default: no job, no next expiry, no run on demand', async () => {
    const off = await createTestApp();
    try {
      expect(startExpiryJob(off.ctx)).toBeNull();
      const m = await off.signedInMember();
      const res = await m.client.get('/api/points-expiry');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ next: null });
      expect(await off.client().get('/api/points-expiry')).toMatchObject({ status: 401 });
      const run = await off.partner('POST', '/points-expiry/run', {});
      expect(run.status).toBe(409);
      expect(run.body).toMatchObject({ error: 'PointsExpiryOff' });
    } finally {
      await off.close();
    }
  });
});

describe('points expiry: run on demand by an operator', () => {
  it('POST /partner/v1/points-expiry/run and `loyalty points-expiry run` run the job now', async () => {
    const m = await t.signedInMember();
    await lot(m.loyaltyId, 75, 400);
    await lot(m.loyaltyId, 25, expiringIn(5));
    const run = await t.partner<{ expiredPoints: number }>('POST', '/points-expiry/run', {});
    expect(run.status).toBe(200);
    // Earlier tests' members may have had points come due as their time passed: at least these.
    expect(run.body).toMatchObject({ success: true, expiredPoints: expect.any(Number) });
    expect(run.body.expiredPoints).toBeGreaterThanOrEqual(75);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(25);
    await timePasses(10);
    await serveForCli(t);
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
    try {
      expect(await runCli(['points-expiry', 'run'])).toBe(0);
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(out.join('\n')).toMatch(/^Points expiry ran: \d+ points expired, \d+ reminders written\.$/);
    expect((await ledgerOf(m.loyaltyId)).filter((row) => row.kind === 'expiry')).toEqual([
      { kind: 'expiry', points: -75 },
      { kind: 'expiry', points: -25 },
    ]);
    expect(await ledgerAgrees(m.loyaltyId)).toBe(0);
  });

  it('needs the bootstrap key: a named key, whatever its scopes, is refused', async () => {
    const key = await t.partner<{ key: string }>('POST', '/keys', {
      name: unique('till'),
      scopes: ['purchases', 'members'],
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const res = await t
      .client()
      .post('/partner/v1/points-expiry/run', {}, { authorization: `Bearer ${key.body.key}` });
    expect(res.status).toBe(403);
    expect(await t.client().post('/partner/v1/points-expiry/run', {})).toMatchObject({ status: 401 });
  });
});
