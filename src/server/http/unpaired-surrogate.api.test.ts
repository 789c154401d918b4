import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidTextMessage } from '#shared/api/text.ts';
import { tillPurchase, unique } from '#tests/support/points-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '#tests/support/test-app.ts';

/**
 * A lone UTF-16 surrogate is not text: JSON may spell it (`"\ud800"`), JavaScript holds it, but no
 * UTF-8 byte sequence encodes it, so PostgreSQL can neither store it in text (the driver writes U+FFFD
 * in its place) nor read it in jsonb (it answered 500).
 */
const lone = '\ud800';

let t: TestApp;
let manager: TestClient;
let admin: TestClient;
let member: Awaited<ReturnType<TestApp['signedInMember']>>;
let claimId: string;
beforeAll(async () => {
  t = await createTestApp({
    config: { staff: { signInPerAddress: 10_000 }, selfSignupEnabled: true, selfProfileUpdateEnabled: true },
  });
  manager = (await signedInStaff(t, 'manager')).client;
  admin = (await signedInStaff(t, 'admin')).client;
  member = await t.signedInMember({ name: 'Kim Surrogate' });
  const claim = await member.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
    orderId: unique('claim'),
    purchasedOn: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
    channel: 'in-store',
    store: 'Oxford Street',
    amount: 4_999,
  });
  expect(claim.status).toBe(201);
  claimId = claim.body.claim.id;
});
afterAll(() => t.close());

/** Every table a write path could touch, as one fingerprint per table: nothing may change. */
const tables = [
  'accounts',
  'ledger_entries',
  'audit_log',
  'invites',
  'outbox_mail',
  'staff_members',
  'purchase_claims',
  'unmatched_purchases',
  'partner_api_keys',
];
async function fingerprint() {
  const prints: Record<string, unknown> = {};
  for (const table of tables) {
    const [row] = await t.ctx.db.query<{ print: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM ${table} t`,
    );
    prints[table] = row?.print ?? null;
  }
  return prints;
}

type Door = 'partner' | 'staff manager' | 'staff admin' | 'member' | 'stranger';
type WritePath = [door: Door, path: string, field: string, body: () => Record<string, unknown>];

/** The write paths that take free text, each with a lone surrogate in that text. */
const writePaths: WritePath[] = [
  ['partner', '/members', 'name', () => ({ email: `${unique('new')}@example.com`, name: `Kim${lone}` })],
  ['partner', '/invites', 'name', () => ({ email: `${unique('inv')}@example.com`, name: `Kim${lone}` })],
  [
    'partner',
    '/invites',
    'from',
    () => ({ email: `${unique('inv')}@example.com`, name: 'Kim', from: `Ann${lone}` }),
  ],
  [
    'partner',
    '/purchases',
    'storeDisplayName',
    () => tillPurchase(member.loyaltyId, { storeDisplayName: `Oxford${lone}` }),
  ],
  [
    'partner',
    '/purchases',
    'fasciaDisplayName',
    () => tillPurchase(member.loyaltyId, { fasciaDisplayName: `Flagship${lone}` }),
  ],
  ['partner', '/purchases', 'discount', () => tillPurchase(member.loyaltyId, { discount: `STAFF${lone}` })],
  [
    'partner',
    '/adjustments',
    'reason',
    () => ({
      adjustmentId: unique('adj'),
      loyaltyId: member.loyaltyId,
      points: 5,
      reason: `Goodwill${lone}`,
    }),
  ],
  [
    'partner',
    '/redemptions',
    'storeDisplayName',
    () => ({
      redemptionId: unique('red'),
      loyaltyId: member.loyaltyId,
      amount: 1,
      storeDisplayName: `Oxford${lone}`,
    }),
  ],
  ['partner', '/members/:member', 'vipLevel', () => ({ vipLevel: `Gold${lone}` })],
  ['partner', '/claims/:claim/refuse', 'reason', () => ({ reason: `Not found${lone}` })],
  [
    'partner',
    '/staff',
    'name',
    () => ({ email: `${unique('staff')}@example.com`, name: `Ann${lone}`, role: 'support' }),
  ],
  [
    'staff manager',
    '/staff-api/member/adjust-points',
    'reason',
    () => ({
      loyaltyId: member.loyaltyId,
      adjustmentId: unique('adj'),
      points: 5,
      reason: `Goodwill${lone}`,
    }),
  ],
  [
    'staff manager',
    '/staff-api/member/update',
    'vipLevel',
    () => ({ loyaltyId: member.loyaltyId, vipLevel: `Gold${lone}` }),
  ],
  [
    'staff manager',
    '/staff-api/claims/refuse',
    'reason',
    () => ({ id: claimId, reason: `Not found${lone}` }),
  ],
  [
    'staff admin',
    '/staff-api/staff',
    'name',
    () => ({ email: `${unique('staff')}@example.com`, name: `Ann${lone}`, role: 'support' }),
  ],
  ['member', '/api/update-account', 'name', () => ({ name: `Kim${lone}` })],
  [
    'member',
    '/api/purchase-claims',
    'store',
    () => ({
      orderId: unique('claim'),
      purchasedOn: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      channel: 'in-store',
      store: `Oxford${lone}`,
      amount: 100,
    }),
  ],
  [
    'stranger',
    '/api/signup',
    'name',
    () => ({
      username: `${unique('signup')}@example.com`,
      name: `New${lone}`,
      allowMarketing: false,
      confirmAge: true,
      acceptTerms: true,
    }),
  ],
];

function send(door: Door, path: string, body: Record<string, unknown>): Promise<TestResponse> {
  const resolved = path.replace(':member', member.loyaltyId).replace(':claim', claimId);
  switch (door) {
    case 'partner':
      return t.partner('POST', resolved, body);
    case 'staff manager':
      return manager.post(resolved, body);
    case 'staff admin':
      return admin.post(resolved, body);
    case 'member':
      return member.client.post(resolved, body);
    case 'stranger':
      return t.client().post(resolved, body);
  }
}

describe('unpaired surrogates: refused as invalid text (400) at every door, nothing written', () => {
  it.each(writePaths)(
    '%s %s: a lone surrogate in %s answers 400 naming it and writes nothing',
    async (door, path, field, body) => {
      const before = await fingerprint();
      const res = await send(door, path, body());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, fieldErrors: { [field]: invalidTextMessage } });
      expect(await fingerprint()).toEqual(before);
    },
  );

  it('a surrogate pair (an emoji) is text and still accepted', async () => {
    const res = await t.partner('POST', '/adjustments', {
      adjustmentId: unique('adj'),
      loyaltyId: member.loyaltyId,
      points: 5,
      reason: 'Birthday 🎂',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ entry: { reason: 'Birthday 🎂' } });
  });
});

describe('purchase batch: each item answered on its own, whatever it holds', () => {
  it('a lone surrogate in one item answers that item 400; the others are recorded, and a retry replays them', async () => {
    const [first, second] = [tillPurchase(member.loyaltyId), tillPurchase(member.loyaltyId)];
    const bad = tillPurchase(member.loyaltyId, { storeDisplayName: `Oxford${lone}` });
    const purchases = [first, bad, second];
    const res = await t.partner<{ results: Record<string, unknown>[] }>('POST', '/purchases/batch', {
      purchases,
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject([
      { orderId: first.orderId, status: 201, replayed: false },
      {
        orderId: bad.orderId,
        status: 400,
        error: 'InvalidRequest',
        fieldErrors: { storeDisplayName: invalidTextMessage },
      },
      { orderId: second.orderId, status: 201, replayed: false },
    ]);
    const recorded = await t.ctx.db.query<{ order_id: string }>(
      'SELECT order_id FROM ledger_entries WHERE order_id = ANY($1) ORDER BY order_id',
      [purchases.map((p) => p.orderId)],
    );
    expect(recorded.map((r) => r.order_id)).toEqual([first.orderId, second.orderId].sort());

    const again = await t.partner<{ results: Record<string, unknown>[] }>('POST', '/purchases/batch', {
      purchases,
    });
    expect(again.status).toBe(200);
    expect(again.body.results.map((r) => [r.status, r.replayed])).toEqual([
      [201, true],
      [400, undefined],
      [201, true],
    ]);
  });
});
