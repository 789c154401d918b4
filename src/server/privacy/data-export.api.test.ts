import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSchema } from '#shared/api/privacy.ts';
import { tillPurchase, unique } from '#tests/support/points-fixture.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { hashToken } from '../sessions/tokens.ts';
import { exportCoverage } from './data-export.ts';

/** "Download my data" (GDPR articles 15 and 20). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registerPasskey(client: TestClient) {
  const options = await client.post<{ options: Parameters<SoftAuthenticator['register']>[0] }>(
    '/api/passkeys/registration-options',
    {},
  );
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const done = await client.post('/api/passkeys/register', {
    response: new SoftAuthenticator().register(options.body.options),
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/** A member who holds something in every table the export covers, with secrets beside each. */
async function busyMember() {
  const member = await t.signedInMember({ name: 'Export Member' });
  const accountId = (
    await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [member.loyaltyId])
  )[0]?.id as string;
  await member.client.post('/api/update-account', { marketingConsent: 'consent' });
  const purchase = tillPurchase(member.loyaltyId);
  expect((await t.partner('POST', '/purchases', purchase)).status).toBe(201);
  await registerPasskey(member.client);
  // A second browser, and an emailed sign-in link (a live token in link_tokens).
  const second = t.client();
  expect(
    (await second.post('/api/login', { username: member.email, password: member.password })).status,
  ).toBe(200);
  await t
    .client()
    .post('/api/request-magic-link', { email: member.email }, { 'x-forwarded-for': '198.51.100.7' });
  // A wallet pass, registered on a phone with a push token.
  expect((await member.client.get('/api/passkit')).status).toBe(200);
  const serial = (
    await t.ctx.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM wallet_passes WHERE account_id = $1',
      [accountId],
    )
  )[0]?.serial_number as string;
  await t.ctx.db.query(
    `INSERT INTO wallet_registrations (device_library_id, pass_type_id, serial_number, push_token)
     VALUES ($1, 'pass.com.example.members', $2, $3)`,
    [unique('device-library'), serial, unique('push-token-secret')],
  );
  // A sportswear link with its grant, and the invitation the member accepted.
  await t.ctx.db.query(
    `INSERT INTO nike_links (account_id, provider_subject, grant_token, grant_token_type)
     VALUES ($1, $2, $3, 'refresh_token')`,
    [accountId, unique('sportswear-subject'), unique('grant-refresh-token-secret')],
  );
  await t.ctx.db.query(
    `INSERT INTO invites (email, full_name, invited_by, expires_at, consumed_at, account_id)
     VALUES ($1, 'Export Member', 'Sophie at Bond Street', now() + interval '1 day', now(), $2)`,
    [member.email, accountId],
  );
  await t.ctx.db.query(
    `INSERT INTO points_expiry_reminders (account_id, expires_on, points, sent_at)
     VALUES ($1, '2027-03-01', 250, '2027-01-30T09:00:00Z')`,
    [accountId],
  );
  await t.ctx.db.query(
    `INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
     VALUES ('staff', 'staff-1', 'anna@retailer.example', 'member.update', $1, '{"vipLevel":{"to":"Gold"}}')`,
    [accountId],
  );
  return { ...member, accountId, purchase, second };
}

async function download(client: TestClient) {
  const res = await client.get<string>('/api/privacy/export');
  return res;
}

/**
 * Every secret the database holds for the account (the partner's request key is the order id, which
 * is the member's to see, so it is not among them): none may appear in the export, in any encoding. */
async function secretsOf(accountId: string, cookies: (string | undefined)[]): Promise<string[]> {
  const db = t.ctx.db;
  const column = async (sql: string) =>
    (await db.query<{ v: unknown }>(sql, [accountId])).map((row) => row.v).filter((v) => v !== null);
  const values: unknown[] = [
    ...(await column('SELECT password_hash AS v FROM accounts WHERE id = $1')),
    ...(await column('SELECT pin AS v FROM accounts WHERE id = $1')),
    ...(await column('SELECT id::text AS v FROM accounts WHERE id = $1')),
    ...(await column('SELECT token_hash AS v FROM sessions WHERE account_id = $1')),
    ...(await column('SELECT browser_hash AS v FROM known_browsers WHERE account_id = $1')),
    ...(await column('SELECT id::text AS v FROM sessions WHERE account_id = $1')),
    ...(await column('SELECT token_hash AS v FROM link_tokens WHERE account_id = $1')),
    ...(await column('SELECT credential_id AS v FROM passkeys WHERE account_id = $1')),
    ...(await column('SELECT id::text AS v FROM passkeys WHERE account_id = $1')),
    ...(await column("SELECT encode(public_key, 'base64') AS v FROM passkeys WHERE account_id = $1")),
    ...(await column("SELECT encode(public_key, 'hex') AS v FROM passkeys WHERE account_id = $1")),
    ...(await column('SELECT serial_number AS v FROM wallet_passes WHERE account_id = $1')),
    ...(await column('SELECT content_hash AS v FROM wallet_passes WHERE account_id = $1')),
    ...(await column(
      `SELECT r.push_token AS v FROM wallet_registrations r JOIN wallet_passes p USING (serial_number)
        WHERE p.account_id = $1`,
    )),
    ...(await column(
      `SELECT r.device_library_id AS v FROM wallet_registrations r JOIN wallet_passes p USING (serial_number)
        WHERE p.account_id = $1`,
    )),
    ...(await column('SELECT grant_token AS v FROM nike_links WHERE account_id = $1')),
    ...(await column('SELECT request_hash AS v FROM ledger_entries WHERE account_id = $1')),
    ...cookies,
  ];
  // The raw tokens the member was sent by email (their hashes are above).
  for (const mail of t.mails)
    for (const link of mail.links ?? []) values.push(new URL(link).searchParams.get('token'));
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 8);
}

describe('download my data (GDPR articles 15 and 20)', () => {
  it('is a JSON file (Content-Disposition: attachment), not cached, with everything held about the member', async () => {
    const member = await busyMember();
    const res = await download(member.client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = dataExportSchema.parse(res.body);
    expect(data.account).toMatchObject({
      memberNumber: member.loyaltyId,
      fullName: 'Export Member',
      email: member.email,
      hasPassword: true,
    });
    expect(data.consents.current.email).toBe('consent');
    expect(data.consents.history[0]).toMatchObject({
      channel: 'email',
      choice: 'consent',
      place: 'my-details',
    });
    expect(data.ledger).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        points: member.purchase.points,
        orderId: member.purchase.orderId,
        store: 'Oxford Street',
        orderValue: member.purchase.value,
      }),
    ]);
    expect(data.pointsExpiryReminders).toEqual([
      { expiresOn: '2027-03-01', points: 250, sentAt: '2027-01-30T09:00:00.000Z' },
    ]);
    expect(data.sessions).toHaveLength(2);
    // Each of the two sessions signed in on a browser of its own.
    expect(data.knownBrowsers).toHaveLength(2);
    expect(data.knownBrowsers[0]).toEqual({
      firstSignInAt: expect.any(String),
      lastSignInAt: expect.any(String),
    });
    expect(data.sessions.filter((s) => s.thisSession)).toHaveLength(1);
    expect(data.passkeys).toEqual([expect.objectContaining({ keyNumber: 1 })]);
    expect(data.walletPasses).toEqual([
      expect.objectContaining({ appleDevicesRegistered: 1, voidedAt: null }),
    ]);
    expect(data.sportswearLink?.accountId).toMatch(/^sportswear-subject-/);
    // What staff did about the member is theirs to see; which staff member did it is not.
    // The partner API's writes about the member are audited too (their creation, the till's purchase).
    expect(data.staffActions.map((a: { action: string; by: string }) => [a.action, a.by])).toEqual([
      ['member.create', 'partner-system'],
      ['purchase.record', 'partner-system'],
      ['member.update', 'staff'],
    ]);
    expect(data.staffActions[2]).toEqual(
      expect.objectContaining({ action: 'member.update', by: 'staff', change: { vipLevel: { to: 'Gold' } } }),
    );
    expect(JSON.stringify(data)).not.toContain('anna@retailer.example');
    expect(data.invitations).toEqual([
      expect.objectContaining({ from: 'Sophie at Bond Street', email: member.email }),
    ]);
  });

  it('holds no secret, hash or token: every one the database keeps for the member is searched for', async () => {
    const member = await busyMember();
    const res = await download(member.client);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    const secrets = await secretsOf(member.accountId, [
      member.client.sessionCookie(),
      member.second.sessionCookie(),
    ]);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      const forms = [secret, createHash('sha256').update(secret).digest('hex'), hashToken(secret)];
      for (const form of forms)
        expect(text, `export holds a secret (${secret.slice(0, 6)}…)`).not.toContain(form);
    }
    // And nothing that looks like one: no argon2 hash, no long hex or base64url run.
    for (const value of stringsIn(res.body)) {
      expect(value).not.toMatch(/\$argon2/);
      expect(value).not.toMatch(/[0-9a-f]{32,}/i);
      if (!/^sportswear-subject-/.test(value) && !value.includes(' '))
        expect(value).not.toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
  });

  it('never holds another member’s data', async () => {
    const mine = await busyMember();
    const theirs = await busyMember();
    const text = JSON.stringify((await download(mine.client)).body);
    for (const value of [theirs.email, theirs.loyaltyId, theirs.purchase.orderId])
      expect(text).not.toContain(value);
    const data = dataExportSchema.parse((await download(mine.client)).body);
    expect(data.ledger.map((e) => e.orderId)).toEqual([mine.purchase.orderId]);
  });

  it('needs a recent sign-in: an older session is asked to confirm it is the member (403)', async () => {
    const member = await t.signedInMember();
    const token = member.client.sessionCookie() as string;
    await t.ctx.db.query(
      "UPDATE sessions SET authenticated_at = now() - interval '11 minutes' WHERE token_hash = $1",
      [hashToken(token)],
    );
    const res = await download(member.client);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'RecentAuthenticationRequired' });
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('signed out: 401, no file', async () => {
    const res = await download(t.client());
    expect(res.status).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('query parameters cannot point it at another member', async () => {
    const mine = await t.signedInMember();
    const theirs = await busyMember();
    const res = await mine.client.get(
      `/api/privacy/export?accountId=${theirs.accountId}&loyaltyId=${theirs.loyaltyId}&email=${theirs.email}`,
    );
    expect(res.status).toBe(200);
    expect(dataExportSchema.parse(res.body).account.memberNumber).toBe(mine.loyaltyId);
  });

  it('covers every table that holds rows about a member (a new table must be exported or given a reason)', async () => {
    const rows = await t.ctx.db.query<{ table_name: string }>(
      `SELECT DISTINCT src.relname AS table_name
         FROM pg_constraint con JOIN pg_class src ON src.oid = con.conrelid
         JOIN pg_namespace ns ON ns.oid = src.relnamespace
        WHERE con.contype = 'f' AND con.confrelid = 'accounts'::regclass AND ns.nspname = current_schema()`,
    );
    const referencing = ['accounts', ...rows.map((row) => row.table_name)].sort();
    expect(Object.keys(exportCoverage).sort()).toEqual(referencing);
  });
});

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
