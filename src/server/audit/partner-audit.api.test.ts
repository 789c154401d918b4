import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerEndpoint, partnerEndpoints, partnerPrefix } from '#shared/api/partner-api.ts';
import { createTestApp, type TestApp, type TestResponse, testPartnerKey } from '#tests/support/test-app.ts';

/** An operation's path as the writes below name it: under /partner/v1. */
const pathOf = (op: PartnerEndpoint) => op.path.slice(partnerPrefix.length);

/**
 * Every partner-API write leaves exactly one audit row, naming the key that made it; an
 * idempotent replay and a refused write leave none. Each answer is also parsed with the operation's
 * documented response schema, so the OpenAPI document cannot drift from what the routes send.
 */
let t: TestApp;
/** A named key holding every scope: its writes are audited as that key. */
let named: { id: string; key: string };

beforeAll(async () => {
  // Points expiry on, so that its operator run is a write this test can make.
  t = await createTestApp({ config: { pointsExpiry: { months: 12 } } });
  const created = await call(testPartnerKey, 'POST', '/keys', {
    name: 'all-scopes',
    scopes: ['purchases', 'members', 'invites'],
  });
  const body = created.body as { apiKey: { id: string }; key: string };
  named = { id: body.apiKey.id, key: body.key };
});
afterAll(() => t.close());

async function call(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const response = await t.app.inject({
    method,
    url: `/partner/v1${path}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  await t.ctx.outbox.drain();
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

interface AuditRow {
  id: string;
  actor_kind: string;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  member_id: string | null;
  change: Record<string, unknown>;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.ctx.db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM audit_log');
  return Number(row?.id ?? 0);
}

const rowsAfter = (id: number) =>
  t.ctx.db.query<AuditRow>('SELECT * FROM audit_log WHERE id > $1 ORDER BY id', [id]);

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`;

async function member(): Promise<{ id: string; loyaltyId: string; email: string }> {
  const email = `${unique('audited')}@example.com`;
  const created = await call(testPartnerKey, 'POST', '/members', {
    email,
    name: 'Audrey Audited',
    password: 'a-long-password',
  });
  const { id, loyaltyId } = (created.body as { member: { id: string; loyaltyId: string } }).member;
  return { id, loyaltyId, email };
}

async function purchase(loyaltyId: string, orderId = unique('ORD')) {
  const body = { orderId, loyaltyId, channel: 'ecommerce', value: 5_000, currency: 'GBP', points: 500 };
  const res = await call(testPartnerKey, 'POST', '/purchases', body);
  expect(res.status).toBe(201);
  return orderId;
}

/** A member's "A purchase is missing?" report of an order that never reached us: it waits for staff. */
async function pendingClaim(): Promise<{ id: string; memberId: string }> {
  const m = await t.signedInMember();
  const res = await m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
    orderId: unique('MISSING'),
    purchasedOn: new Date().toISOString().slice(0, 10),
    channel: 'ecommerce',
    amount: 1_000,
  });
  expect(res.status).toBe(201);
  const [row] = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [
    m.loyaltyId,
  ]);
  return { id: res.body.claim.id, memberId: row?.id ?? '' };
}

interface WriteCase {
  path: string;
  body?: unknown;
  /** Which key makes it: the named key (scoped writes) or the bootstrap key (its own operations). */
  as: 'named' | 'bootstrap';
  /** The member the row must name (accounts.id; 'created': the one the answer names), or null. */
  memberId: string | null;
  /** Sending it again writes nothing (an idempotent replay, or a refusal). */
  again?: 'replay' | 'refused';
}

/** One write of each partner write operation, ready to send; every write in the table must have one. */
const writes: Record<string, () => Promise<WriteCase>> = {
  'POST /members': async () => {
    const email = `${unique('new')}@example.com`;
    return {
      path: '/members',
      body: { email, name: 'Nina New' },
      as: 'named',
      memberId: 'created',
      again: 'refused',
    };
  },
  'POST /members/:member': async () => {
    const m = await member();
    return {
      path: `/members/${m.loyaltyId}`,
      body: { vipLevel: '20%', canRedeem: false },
      as: 'named',
      memberId: m.id,
    };
  },
  'POST /purchases': async () => {
    const m = await member();
    const body = {
      orderId: unique('ORD'),
      email: m.email,
      channel: 'in-store',
      storeDisplayName: 'Leeds',
      value: 2_500,
      currency: 'GBP',
      points: 250,
    };
    return { path: '/purchases', body, as: 'named', memberId: m.id, again: 'replay' };
  },
  'POST /returns': async () => {
    const m = await member();
    const orderId = await purchase(m.loyaltyId);
    return {
      path: '/returns',
      body: { returnId: unique('RET'), orderId, points: 100 },
      as: 'named',
      memberId: m.id,
      again: 'replay',
    };
  },
  'POST /redemptions': async () => {
    const m = await member();
    // Cash credit to spend (members earn it by exchanging points in the app).
    await t.ctx.db.query('UPDATE accounts SET cash_balance = 5000 WHERE id = $1', [m.id]);
    const body = {
      redemptionId: unique('RED'),
      loyaltyId: m.loyaltyId,
      amount: 1_000,
      storeDisplayName: 'Leeds',
    };
    return { path: '/redemptions', body, as: 'named', memberId: m.id, again: 'replay' };
  },
  'POST /adjustments': async () => {
    const m = await member();
    const body = { adjustmentId: unique('ADJ'), loyaltyId: m.loyaltyId, points: 75, reason: 'Goodwill' };
    return { path: '/adjustments', body, as: 'named', memberId: m.id, again: 'replay' };
  },
  'POST /points-expiry/run': async () => ({
    path: '/points-expiry/run',
    as: 'bootstrap',
    memberId: null,
  }),
  'POST /burn-rates': async () => ({
    path: '/burn-rates',
    body: { pointsLevel: 1_000, cashValue: 500 },
    as: 'bootstrap',
    memberId: null,
  }),
  'POST /members/sign-out-everywhere': async () => {
    const m = await member();
    return { path: '/members/sign-out-everywhere', body: { member: m.email }, as: 'named', memberId: m.id };
  },
  'POST /members/send-password-reset': async () => {
    const m = await member();
    return {
      path: '/members/send-password-reset',
      body: { member: m.loyaltyId },
      as: 'named',
      memberId: m.id,
    };
  },
  'POST /members/delete': async () => {
    const m = await member();
    return {
      path: '/members/delete',
      body: { member: m.email },
      as: 'named',
      memberId: m.id,
      again: 'refused',
    };
  },
  'POST /invites': async () => ({
    path: '/invites',
    body: { email: `${unique('invitee')}@example.com`, name: 'Ivy Invitee' },
    as: 'named',
    memberId: null,
  }),
  'POST /mail/:id/retry': async () => {
    const m = await member();
    await call(testPartnerKey, 'POST', '/members/send-password-reset', { member: m.email });
    const [mail] = await t.ctx.db.query<{ id: string }>(
      'UPDATE outbox_mail SET sent_at = NULL, given_up_at = now() WHERE id = (SELECT max(id) FROM outbox_mail) RETURNING id::text AS id',
    );
    return { path: `/mail/${mail?.id}/retry`, as: 'bootstrap', memberId: null, again: 'refused' };
  },
  'POST /staff': async () => ({
    path: '/staff',
    body: { email: `${unique('clerk')}@retailer.example`, name: 'Clara Clerk', role: 'support' },
    as: 'bootstrap',
    memberId: null,
    again: 'refused',
  }),
  'POST /staff/enrolment-link': async () => {
    const email = `${unique('clerk')}@retailer.example`;
    await call(testPartnerKey, 'POST', '/staff', { email, name: 'Clara Clerk', role: 'support' });
    return { path: '/staff/enrolment-link', body: { email }, as: 'bootstrap', memberId: null };
  },
  'POST /demo': async () => ({ path: '/demo', as: 'bootstrap', memberId: null }),
  'POST /claims/:id/approve': async () => {
    const { id, memberId } = await pendingClaim();
    return {
      path: `/claims/${id}/approve`,
      body: { points: 100 },
      as: 'bootstrap',
      memberId,
      again: 'replay',
    };
  },
  'POST /claims/:id/refuse': async () => {
    const { id, memberId } = await pendingClaim();
    return {
      path: `/claims/${id}/refuse`,
      body: { reason: 'We could not find this order.' },
      as: 'bootstrap',
      memberId,
      again: 'replay',
    };
  },
  'POST /keys': async () => ({
    path: '/keys',
    body: { name: unique('till'), scopes: ['purchases'] },
    as: 'bootstrap',
    memberId: null,
  }),
  'POST /keys/:id/revoke': async () => {
    const created = await call(testPartnerKey, 'POST', '/keys', {
      name: unique('old-till'),
      scopes: ['purchases'],
    });
    const id = (created.body as { apiKey: { id: string } }).apiKey.id;
    return { path: `/keys/${id}/revoke`, as: 'bootstrap', memberId: null, again: 'replay' };
  },
};

const writeOperations = partnerEndpoints.filter((op) => op.method === 'POST');

describe('every partner-API write leaves exactly one audit row', () => {
  it('every write operation is in this test, and every one is audited', () => {
    // The batch has its own test below.
    expect([...Object.keys(writes), 'POST /purchases/batch'].sort()).toEqual(
      writeOperations.map((op) => `${op.method} ${pathOf(op)}`).sort(),
    );
    for (const op of writeOperations) expect(op.audit, `${op.path} names its audit action`).toBeTruthy();
  });

  it.each(writeOperations.filter((op) => pathOf(op) !== '/purchases/batch'))(
    '$method $path',
    async (op: PartnerEndpoint) => {
      const write = await (writes[`${op.method} ${pathOf(op)}`] as () => Promise<WriteCase>)();
      const key = write.as === 'named' ? named.key : testPartnerKey;
      const before = await lastAuditId();
      const res = await call(key, op.method, write.path, write.body);
      expect(res.status, JSON.stringify(res.body)).toBe(op.status ?? 200);
      op.response.parse(res.body);

      const rows = await rowsAfter(before);
      expect(rows).toHaveLength(1);
      const [row] = rows as [AuditRow];
      expect(row.action).toBe(op.audit);
      expect(row).toMatchObject(
        write.as === 'named'
          ? { actor_kind: 'api_key', actor_id: named.id, actor_label: 'all-scopes' }
          : { actor_kind: 'bootstrap', actor_id: null },
      );
      const memberId =
        write.memberId === 'created' ? (res.body as { member: { id: string } }).member.id : write.memberId;
      expect(row.member_id).toBe(memberId);
      // Never a secret in the change: no password, token or link.
      const change = JSON.stringify(row.change);
      expect(change).not.toMatch(/a-long-password|lk_|\/t\/|token=/i);

      if (write.again) {
        const after = await lastAuditId();
        const again = await call(key, op.method, write.path, write.body);
        if (write.again === 'replay') expect(again.status).toBeLessThan(300);
        else expect(again.status).toBeGreaterThanOrEqual(400);
        expect(await rowsAfter(after)).toHaveLength(0);
      }
    },
  );

  it('POST /purchases/batch: one row per purchase newly recorded; replays and refusals none', async () => {
    const m = await member();
    const item = (orderId: string) => ({
      orderId,
      loyaltyId: m.loyaltyId,
      channel: 'ecommerce',
      value: 1_000,
      currency: 'GBP',
      points: 100,
    });
    const replayed = await purchase(m.loyaltyId);
    const before = await lastAuditId();
    const res = await call(named.key, 'POST', '/purchases/batch', {
      purchases: [
        item(unique('B')),
        item(replayed),
        { orderId: 'BAD', loyaltyId: m.loyaltyId },
        item(unique('B')),
      ],
    });
    expect(res.status).toBe(200);
    partnerEndpoints.find((op) => pathOf(op) === '/purchases/batch')?.response.parse(res.body);
    const rows = await rowsAfter(before);
    expect(rows.map((r) => [r.action, r.actor_id, r.member_id])).toEqual([
      ['purchase.record', named.id, m.id],
      ['purchase.record', named.id, m.id],
    ]);
  });

  it('a write refused for its content leaves no row', async () => {
    const m = await member();
    const before = await lastAuditId();
    const tooMuch = await call(named.key, 'POST', '/adjustments', {
      adjustmentId: unique('ADJ'),
      loyaltyId: m.loyaltyId,
      points: -1_000_000,
      reason: 'More than they have',
    });
    expect(tooMuch.status).toBe(409);
    expect(await rowsAfter(before)).toHaveLength(0);
  });

  it('100 identical purchases at once record one entry and one audit row', async () => {
    const m = await member();
    const body = {
      orderId: unique('RACE'),
      loyaltyId: m.loyaltyId,
      channel: 'ecommerce',
      value: 100,
      currency: 'GBP',
      points: 10,
    };
    const before = await lastAuditId();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(named.key, 'POST', '/purchases', body)),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await rowsAfter(before)).toHaveLength(1);
  });
});
