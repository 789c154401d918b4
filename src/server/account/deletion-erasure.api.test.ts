import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true, enableMagicLinkLogins: true } });
});
afterAll(() => t.close());

interface Member {
  client: TestClient;
  email: string;
  name: string;
  loyaltyId: string;
  /** Everything that identifies the member, and every key the partner systems used for them. */
  identifiers: string[];
}

/** A member with a full history: purchases, a return, an adjustment, an exchange, a redemption… */
async function memberWithHistory(): Promise<Member> {
  const tag = randomBytes(5).toString('hex');
  const email = `zq-${tag}@example.com`;
  const name = `Zelda Quixote-${tag}`;
  const telephone = `+44 7700 ${String(Number.parseInt(tag.slice(0, 6), 16))
    .slice(0, 6)
    .padStart(6, '0')}`;
  // Invited before joining (a member who has joined is not invited again): the invitation holds the email too.
  const invited = await t.partner('POST', '/invites', { email, name, existing: true });
  const m = await t.signedInMember({ email, name });
  await t.ctx.db.query('UPDATE accounts SET telephone_number = $2 WHERE loyalty_id = $1', [
    m.loyaltyId,
    telephone,
  ]);
  const keys = {
    order1: `ORD-${tag}-1`,
    order2: `ORD-${tag}-2`,
    return: `RET-${tag}`,
    adjustment: `ADJ-${tag}`,
    redemption: `RED-${tag}`,
  };
  const purchase = (orderId: string, extra: Record<string, unknown>) =>
    t.partner('POST', '/purchases', {
      orderId,
      email,
      channel: 'in-store',
      storeDisplayName: 'Oxford Street',
      value: 9_999,
      currency: 'GBP',
      points: 2_000,
      ...extra,
    });
  const writes = [
    await purchase(keys.order1, { purchasedAt: new Date(Date.now() - 60 * 86_400_000).toISOString() }),
    await purchase(keys.order2, { discount: '20%' }),
    await t.partner('POST', '/returns', { returnId: keys.return, orderId: keys.order2, points: 500 }),
    await t.partner('POST', '/adjustments', {
      adjustmentId: keys.adjustment,
      loyaltyId: m.loyaltyId,
      points: 100,
      reason: `Goodwill for ${name}`,
    }),
    await m.client.post('/api/create-exchange', { pointsConsumed: 1_000, totalValue: 1_000 }),
    await t.partner('POST', '/redemptions', {
      redemptionId: keys.redemption,
      loyaltyId: m.loyaltyId,
      amount: 500,
      storeDisplayName: 'Oxford Street',
    }),
    invited,
    await m.client.post('/api/update-account', { marketingConsent: 'consent' }),
    await t.client().post('/api/request-magic-link', { email }),
    await t.client().post('/api/request-password-reset', { username: email }),
  ];
  for (const res of writes) expect(res.status).toBeLessThan(300);
  // A mistyped password: the sign-in throttle counts it against the email.
  expect(
    (await t.client().post('/api/login', { username: email, password: 'not-the-password' })).status,
  ).toBe(401);
  const stored = await t.ctx.db.query<{ request_hash: string }>(
    `SELECT request_hash FROM ledger_entries
      WHERE request_hash IS NOT NULL AND account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
    [m.loyaltyId],
  );
  expect(stored.length).toBeGreaterThanOrEqual(5);
  return {
    client: m.client,
    email,
    name,
    loyaltyId: m.loyaltyId,
    identifiers: [
      email,
      name,
      telephone,
      telephone.replace(/\D/g, ''),
      m.loyaltyId,
      tag,
      ...Object.values(keys),
      ...hashesOf([email, name, telephone, m.loyaltyId, ...Object.values(keys)]),
      ...stored.map((row) => row.request_hash),
    ],
  };
}

/** SHA-256 of each value as it is or lowercased, in hex, base64 and base64url. */
function hashesOf(values: string[]): string[] {
  return values.flatMap((value) =>
    [value, value.toLowerCase()].flatMap((v) => {
      const digest = createHash('sha256').update(v).digest();
      return [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
    }),
  );
}

/** Every row of every table of the database, as text: a dump, searched for each identifier. */
async function dumpContaining(identifiers: string[]): Promise<string[]> {
  const tables = await t.ctx.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  expect(tables.map((row) => row.table_name)).toEqual(
    expect.arrayContaining(['accounts', 'ledger_entries', 'invites', 'rate_limit_counters', 'sessions']),
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    // The test app waits for the outbox after each request: the deletion's confirmation has been
    // delivered, and with it deleted, by the time this runs.
    const rows = await t.ctx.db.query(`SELECT * FROM "${table_name}"`);
    const dump = JSON.stringify(rows, (_key, value) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
    ).toLowerCase();
    for (const identifier of identifiers) {
      if (dump.includes(identifier.toLowerCase())) found.push(`${table_name}: ${identifier}`);
    }
  }
  return found;
}

describe('account deletion leaves nothing that identifies the member (docs/deletion.md)', () => {
  it('delete-account: afterwards no table holds the member’s email, name, telephone, card number, order, return, adjustment or redemption ids, nor a hash of them', async () => {
    const m = await memberWithHistory();
    // The scan sees the member before deletion: it would catch what stays.
    expect((await dumpContaining(m.identifiers)).length).toBeGreaterThan(10);
    const res = await m.client.post('/api/delete-account', { username: m.email });
    expect(res.status).toBe(200);
    expect(await dumpContaining(m.identifiers)).toEqual([]);
    // The ledger itself is kept for the accounts, anonymised.
    const [kept] = await t.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM ledger_entries WHERE anonymised_at IS NOT NULL AND request_key IS NULL',
    );
    expect(kept?.n).toBeGreaterThanOrEqual(6);
  });

  it('staff deletion: the same erasure, and the member gets the same confirming email', async () => {
    const m = await memberWithHistory();
    const res = await t.partner('POST', '/members/delete', { member: m.loyaltyId });
    expect(res.status).toBe(200);
    expect(await dumpContaining(m.identifiers)).toEqual([]);
    const confirmation = t.mails.find((mail) => mail.to === m.email);
    expect(confirmation?.subject).toBe('Your membership has been deleted');
  });

  it('afterwards a till replaying an old order or return for the deleted member credits no one: the ledger is unchanged', async () => {
    const m = await memberWithHistory();
    const orderId = m.identifiers.find((id) => id.startsWith('ORD-')) ?? '';
    expect((await t.partner('POST', '/members/delete', { member: m.email })).status).toBe(200);
    const [before] = await t.ctx.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM ledger_entries');
    const purchase = await t.partner('POST', '/purchases', {
      orderId,
      loyaltyId: m.loyaltyId,
      channel: 'ecommerce',
      value: 100,
      currency: 'GBP',
      points: 10,
    });
    // The card is no one's any more: like any unknown card, the purchase is kept unmatched,
    // to be claimed by whoever has the receipt; it reaches no ledger.
    expect(purchase.status).toBe(202);
    const ret = await t.partner('POST', '/returns', { returnId: `${orderId}-r`, orderId });
    expect(ret.status).toBe(404);
    const [after] = await t.ctx.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM ledger_entries');
    expect(after?.n).toBe(before?.n);
  });
});
