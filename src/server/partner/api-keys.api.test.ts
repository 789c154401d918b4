import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { cliTestApp, closeCliTestApp } from '#tests/support/cli-server.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { type TestApp, type TestResponse, testPartnerKey } from '#tests/support/test-app.ts';

/** Named partner API keys — scopes, revocation, hashed storage, last use; the console's keys and audit pages. */
let t: TestApp;
beforeAll(async () => {
  t = await cliTestApp();
});
afterAll(() => closeCliTestApp(t));
afterEach(() => vi.restoreAllMocks());

async function call(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TestResponse<unknown>> {
  const response = await t.app.inject({
    method,
    url: `/partner/v1${path}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = String(response.headers['content-type']).includes('json');
  return {
    status: response.statusCode,
    body: json ? (response.json() as unknown) : response.body,
    headers: response.headers,
  };
}

let counter = 0;
async function newKey(scopes: string[]): Promise<{ id: string; key: string; name: string }> {
  const name = `till-${++counter}`;
  const res = await call(testPartnerKey, 'POST', '/keys', { name, scopes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const body = res.body as { apiKey: { id: string }; key: string };
  return { id: body.apiKey.id, key: body.key, name };
}

async function member() {
  const email = `keyed-${++counter}@example.com`;
  const res = await call(testPartnerKey, 'POST', '/members', { email, name: 'Kay Keyed' });
  return { email, loyaltyId: (res.body as { member: { loyaltyId: string } }).member.loyaltyId };
}

const purchaseOf = (loyaltyId: string) => ({
  orderId: `ORD-K-${++counter}`,
  loyaltyId,
  channel: 'ecommerce',
  value: 1_000,
  currency: 'GBP',
  points: 100,
});

describe('named partner API keys', () => {
  it('is shown once at creation; the database holds only its SHA-256', async () => {
    const { id, key } = await newKey(['purchases']);
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    const listed = await call(testPartnerKey, 'GET', '/keys');
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((listed.body as { apiKeys: { id: string }[] }).apiKeys.map((k) => k.id)).toContain(id);

    const [stored] = await t.ctx.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM partner_api_keys WHERE id = $1',
      [id],
    );
    expect(stored?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    // No table anywhere holds the key, nor its random part.
    const tables = await t.ctx.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const rows = await t.ctx.db.query(`SELECT * FROM "${table_name}"`);
      expect(JSON.stringify(rows), table_name).not.toContain(key.slice(3));
    }
  });

  it('a key holds its scopes: purchases and returns yes, members and invites a clear 403', async () => {
    const till = await newKey(['purchases']);
    const m = await member();
    const purchase = purchaseOf(m.loyaltyId);
    expect((await call(till.key, 'POST', '/purchases', purchase)).status).toBe(201);
    const returned = await call(till.key, 'POST', '/returns', {
      returnId: `R-${purchase.orderId}`,
      orderId: purchase.orderId,
    });
    expect(returned.status).toBe(201);
    expect((await call(till.key, 'GET', '/burn-rates')).status).toBe(200);

    const refusals = [
      await call(till.key, 'POST', '/members', { email: 'nope@example.com', name: 'Nope' }),
      await call(till.key, 'GET', `/members/${m.loyaltyId}`),
      await call(till.key, 'POST', '/adjustments', {
        adjustmentId: 'A-NOPE',
        loyaltyId: m.loyaltyId,
        points: 5,
        reason: 'x',
      }),
      await call(till.key, 'POST', '/invites', { email: 'invitee-nope@example.com', name: 'Nope' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: 'InsufficientScope' });
    }
    expect(((refusals[0] as TestResponse<unknown>).body as { message: string }).message).toBe(
      `This API key (${till.name}) lacks the scope "members" that POST /partner/v1/members needs; it has: purchases.`,
    );
    // Nothing was written by a refused call.
    expect(await t.ctx.db.query("SELECT 1 FROM accounts WHERE email = 'nope@example.com'")).toHaveLength(0);

    const bootstrapOnly = await call(till.key, 'GET', '/keys');
    expect(bootstrapOnly.status).toBe(403);
    expect(bootstrapOnly.body).toMatchObject({ error: 'BootstrapKeyRequired' });
    expect((await call(till.key, 'GET', '/audit')).status).toBe(403);
    expect((await call(till.key, 'POST', '/keys', { name: 'escalate', scopes: ['members'] })).status).toBe(
      403,
    );
  });

  it('members and invites scopes open their own operations only', async () => {
    const crm = await newKey(['members', 'invites']);
    const m = await member();
    expect((await call(crm.key, 'GET', `/members/${m.loyaltyId}`)).status).toBe(200);
    expect(
      (await call(crm.key, 'POST', '/invites', { email: `inv-${++counter}@example.com`, name: 'Ivo' }))
        .status,
    ).toBe(201);
    expect((await call(crm.key, 'POST', '/purchases', purchaseOf(m.loyaltyId))).status).toBe(403);
  });

  it('a revoked key answers 401 at once and writes nothing; revoking twice records one row', async () => {
    const till = await newKey(['purchases']);
    const m = await member();
    const revoked = await call(testPartnerKey, 'POST', `/keys/${till.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect((revoked.body as { apiKey: { revokedAt: string | null } }).apiKey.revokedAt).not.toBeNull();
    const purchase = purchaseOf(m.loyaltyId);
    const refused = await call(till.key, 'POST', '/purchases', purchase);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'ApiKeyRevoked' });
    expect(
      await t.ctx.db.query('SELECT 1 FROM ledger_entries WHERE order_id = $1', [purchase.orderId]),
    ).toHaveLength(0);
    expect((await call(testPartnerKey, 'POST', `/keys/${till.id}/revoke`, {})).status).toBe(200);
    const rows = await t.ctx.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'api_key.revoke' AND change->>'id' = $1",
      [till.id],
    );
    expect(rows).toHaveLength(1);
    expect((await call(testPartnerKey, 'POST', '/keys/not-a-uuid/revoke', {})).status).toBe(404);
  });

  it('an unknown or malformed key is 401; a name and scopes are checked', async () => {
    for (const bad of ['lk_not-a-real-key', 'nonsense', '']) {
      const res = await call(bad, 'GET', '/burn-rates');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'InvalidApiKey' });
    }
    const unknownScope = await call(testPartnerKey, 'POST', '/keys', { name: 'bad', scopes: ['everything'] });
    expect(unknownScope.status).toBe(400);
    const noScope = await call(testPartnerKey, 'POST', '/keys', { name: 'bad', scopes: [] });
    expect(noScope.status).toBe(400);
    const { name } = await newKey(['purchases']);
    const taken = await call(testPartnerKey, 'POST', '/keys', { name, scopes: ['purchases'] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'ApiKeyNameTaken' });
  });

  it('notes the last use at most once a minute, so the purchase path reads but rarely writes', async () => {
    const till = await newKey(['purchases']);
    const lastUsed = async () =>
      (
        await t.ctx.db.query<{ last_used_at: Date | null }>(
          'SELECT last_used_at FROM partner_api_keys WHERE id = $1',
          [till.id],
        )
      )[0]?.last_used_at ?? null;
    expect(await lastUsed()).toBeNull();
    expect((await call(till.key, 'GET', '/burn-rates')).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await Promise.all(Array.from({ length: 20 }, () => call(till.key, 'GET', '/burn-rates')));
    expect(await lastUsed()).toEqual(first);
    // Over a minute later, the next call notes it again.
    await t.ctx.db.query(
      "UPDATE partner_api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1",
      [till.id],
    );
    const old = await lastUsed();
    expect((await call(till.key, 'GET', '/burn-rates')).status).toBe(200);
    expect((await lastUsed())?.getTime()).toBeGreaterThan(old?.getTime() ?? 0);
    const listed = await call(testPartnerKey, 'GET', '/keys');
    const view = (listed.body as { apiKeys: { id: string; lastUsedAt: string | null }[] }).apiKeys.find(
      (k) => k.id === till.id,
    );
    expect(view?.lastUsedAt).not.toBeNull();
  });
});

describe('operator CLI: keys and audit', () => {
  function capture() {
    const output: string[] = [];
    const errors: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    return { output, errors };
  }

  it('keys create shows the key once; keys list never; keys revoke stops it', async () => {
    let io = capture();
    expect(await runCli(['keys', 'create', '--name', 'cli-till', '--scope', 'purchases'])).toBe(0);
    const key = /lk_[A-Za-z0-9_-]{43}/.exec(io.output.join('\n'))?.[0] as string;
    expect(key).toBeTruthy();
    expect((await call(key, 'GET', '/burn-rates')).status).toBe(200);

    io = capture();
    expect(await runCli(['keys', 'list'])).toBe(0);
    const listing = io.output.join('\n');
    expect(listing).toContain('cli-till  [purchases]  live');
    expect(listing).not.toContain(key);
    const id = /(\S+) {2}cli-till/.exec(listing)?.[1] as string;

    io = capture();
    expect(await runCli(['keys', 'revoke', id])).toBe(0);
    expect(io.output.join('\n')).toContain('Revoked API key cli-till');
    expect((await call(key, 'GET', '/burn-rates')).status).toBe(401);

    io = capture();
    expect(await runCli(['keys', 'create', '--name', 'x', '--scope', 'everything'])).toBe(1);
    expect(io.errors.join('\n')).toContain('scope');
  });

  it('audit list and audit export filter by action and actor', async () => {
    let io = capture();
    expect(await runCli(['audit', 'list', '--action', 'api_key.*', '--actor-kind', 'bootstrap'])).toBe(0);
    const lines = io.output.join('\n').split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(
      lines.every((l) => /bootstrap key: api_key\.(create|revoke)/.test(l) || l.startsWith('More:')),
    ).toBe(true);

    io = capture();
    expect(await runCli(['audit', 'export', '--action', 'api_key.revoke'])).toBe(0);
    const csv = io.output.join('\n').split('\r\n');
    expect(csv[0]).toBe(
      'id,at,actor_kind,actor_id,actor_label,action,member_id,member_card,anonymised,change',
    );
    expect(csv.slice(1).every((row) => row.includes('"api_key.revoke"'))).toBe(true);
  });
});

describe('the console: audit log (manager, admin) and API keys (admin)', () => {
  it('support may not read the audit log; a manager filters it and exports CSV', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await support.client.get('/staff-api/audit')).status).toBe(403);
    const manager = await signedInStaff(t, 'manager');
    const m = await member();
    const page = await manager.client.get<{ entries: { action: string; memberLoyaltyId: string }[] }>(
      `/staff-api/audit?member=${m.loyaltyId}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e) => [e.action, e.memberLoyaltyId])).toEqual([
      ['member.create', m.loyaltyId],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await manager.client.get<string>(
      `/staff-api/audit/export?action=member.create&from=${today}&to=${today}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain(m.loyaltyId);
    const bad = await manager.client.get('/staff-api/audit?from=yesterday');
    expect(bad.status).toBe(400);
    expect((await manager.client.get('/staff-api/api-keys')).status).toBe(403);
  });

  it('an admin creates (shown once), lists and revokes keys; each is audited as that staff member', async () => {
    const admin = await signedInStaff(t, 'admin');
    const created = await admin.client.post<{ apiKey: { id: string }; key: string }>('/staff-api/api-keys', {
      name: 'web-shop',
      scopes: ['purchases', 'members'],
    });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect((await call(created.body.key, 'GET', '/burn-rates')).status).toBe(200);
    const listed = await admin.client.get<{ apiKeys: { id: string }[] }>('/staff-api/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    const revoked = await admin.client.post('/staff-api/api-keys/revoke', { id: created.body.apiKey.id });
    expect(revoked.status).toBe(200);
    expect((await call(created.body.key, 'GET', '/burn-rates')).status).toBe(401);
    const rows = await t.ctx.db.query<{
      action: string;
      actor_kind: string;
      actor_id: string;
      actor_label: string;
    }>(
      "SELECT action, actor_kind, actor_id, actor_label FROM audit_log WHERE change->>'id' = $1 ORDER BY id",
      [created.body.apiKey.id],
    );
    expect(rows).toEqual([
      { action: 'api_key.create', actor_kind: 'staff', actor_id: admin.id, actor_label: admin.email },
      { action: 'api_key.revoke', actor_kind: 'staff', actor_id: admin.id, actor_label: admin.email },
    ]);
  });
});
