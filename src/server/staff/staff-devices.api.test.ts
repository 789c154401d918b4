import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { enrol, enrolmentTokenOf, signedInStaff, staffSignIn } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  // Many sign-ins from one test address: the limits have their own tests (staff-sign-in-throttle).
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000, signInPerAccount: 10_000 } } });
  const signedIn = await signedInStaff(t, 'admin');
  admin = signedIn.client;
  adminId = signedIn.id;
});
afterAll(() => t.close());

interface Devices {
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
  sessions: { id: string; createdAt: string; lastSeenAt: string; current: boolean }[];
}

const devicesOf = (id: string, by = admin) => by.get<Devices>(`/staff-api/staff/devices?id=${id}`);

async function newLink(id: string): Promise<string> {
  const res = await admin.post<{ enrolUrl: string }>('/staff-api/staff/enrolment-link', { id });
  expect(res.status).toBe(200);
  return enrolmentTokenOf(res.body.enrolUrl);
}

/** A staff member signed in on two browsers with one passkey. */
async function onTwoBrowsers(role: 'support' | 'manager' = 'support') {
  const staff = await signedInStaff(t, role);
  const second = t.client();
  expect((await staffSignIn(second, staff.authenticator)).status).toBe(200);
  return { ...staff, second };
}

const auditActions = async (subject: string) =>
  (
    await t.ctx.db.query<{ action: string; actor_id: string | null; actor_kind: string }>(
      "SELECT action, actor_id, actor_kind FROM audit_log WHERE change->>'staffId' = $1 ORDER BY id",
      [subject],
    )
  ).map((row) => {
    const who = row.actor_kind === 'bootstrap' ? 'partner' : row.actor_id === adminId ? 'admin' : 'self';
    return `${who}:${row.action}`;
  });

describe('a lost staff device: the new enrolment link cuts it off', () => {
  it('once a new enrolment link is used, the older passkey and every older session stop working at once', async () => {
    const lost = await onTwoBrowsers();
    const token = await newLink(lost.id);
    // Issuing the link changes nothing yet: the device may only be mislaid.
    expect((await lost.client.get('/staff-api/me')).status).toBe(200);

    const replacement = new SoftAuthenticator();
    const newBrowser = t.client();
    expect((await enrol(newBrowser, token, replacement)).status).toBe(200);

    expect((await lost.client.get('/staff-api/me')).status).toBe(401);
    expect((await lost.second.get('/staff-api/me')).status).toBe(401);
    const oldKey = await staffSignIn(t.client(), lost.authenticator);
    expect(oldKey.status).toBe(401);
    expect(oldKey.body).toMatchObject({ error: 'StaffPasskeyRefused' });
    // The new device works, and is the only one left.
    expect((await newBrowser.get('/staff-api/me')).status).toBe(200);
    expect((await staffSignIn(t.client(), replacement)).status).toBe(200);
    const devices = await devicesOf(lost.id);
    expect(devices.body.passkeys).toHaveLength(1);
    expect(devices.body.sessions).toHaveLength(2);
  });
});

describe('the partner API and the CLI: the way back in for an admin who lost their only device', () => {
  it('POST /staff/enrolment-link by email: once its link is used, the lost passkey and session stop working', async () => {
    const lost = await signedInStaff(t, 'admin');
    const res = await t.partner<{ enrolUrl: string; staff: { id: string } }>(
      'POST',
      '/staff/enrolment-link',
      {
        email: lost.email.toUpperCase(),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.staff.id).toBe(lost.id);
    expect((await enrol(t.client(), enrolmentTokenOf(res.body.enrolUrl))).status).toBe(200);
    expect((await lost.client.get('/staff-api/me')).status).toBe(401);
    expect((await staffSignIn(t.client(), lost.authenticator)).status).toBe(401);
    expect(await auditActions(lost.id)).toEqual([
      'partner:staff.create',
      'self:staff.enrol',
      'partner:staff.enrolment_link',
      'self:staff.enrol',
    ]);
    const unknown = await t.partner('POST', '/staff/enrolment-link', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'StaffNotFound' });
  });
});

describe('admins list and revoke a staff member’s passkeys and sessions', () => {
  it('lists the passkeys and sessions (never a token); ending one session signs that browser out only', async () => {
    const staff = await onTwoBrowsers();
    const listed = await devicesOf(staff.id);
    expect(listed.status).toBe(200);
    expect(listed.body.passkeys).toHaveLength(1);
    expect(listed.body.passkeys[0]).toMatchObject({ id: expect.any(String), lastUsedAt: expect.any(String) });
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.every((s) => s.current === false)).toBe(true);
    const raw = await t.ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM staff_sessions WHERE staff_id = $1',
      [staff.id],
    );
    for (const { token_hash } of raw) expect(JSON.stringify(listed.body)).not.toContain(token_hash);

    // The second browser signed in last: its session is the newest.
    const newest = [...listed.body.sessions].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const ended = await admin.post('/staff-api/staff/end-session', { id: staff.id, sessionId: newest?.id });
    expect(ended.status).toBe(200);
    expect((await staff.second.get('/staff-api/me')).status).toBe(401);
    expect((await staff.client.get('/staff-api/me')).status).toBe(200);
    expect((await devicesOf(staff.id)).body.sessions).toHaveLength(1);
    expect(await auditActions(staff.id)).toContain('admin:staff.end_session');
  });

  it('revoking a passkey: it signs in no more, and the sessions it started end at once', async () => {
    const staff = await onTwoBrowsers();
    const [passkey] = (await devicesOf(staff.id)).body.passkeys;
    const revoked = await admin.post('/staff-api/staff/revoke-passkey', {
      id: staff.id,
      passkeyId: passkey?.id,
    });
    expect(revoked.status).toBe(200);
    expect((await staff.client.get('/staff-api/me')).status).toBe(401);
    expect((await staff.second.get('/staff-api/me')).status).toBe(401);
    expect((await staffSignIn(t.client(), staff.authenticator)).status).toBe(401);
    expect((await devicesOf(staff.id)).body).toEqual({ passkeys: [], sessions: [] });
    expect(await auditActions(staff.id)).toContain('admin:staff.revoke_passkey');
    // The account stays: a new enrolment link gives it a passkey again.
    expect((await enrol(t.client(), await newLink(staff.id))).status).toBe(200);
  });

  it('the admin sees their own session marked as current', async () => {
    const listed = await devicesOf(adminId);
    expect(listed.body.sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it('another staff member’s passkey or session id answers 404 and revokes nothing', async () => {
    const one = await signedInStaff(t, 'support');
    const other = await signedInStaff(t, 'support');
    const theirs = (await devicesOf(other.id)).body;
    const passkey = await admin.post('/staff-api/staff/revoke-passkey', {
      id: one.id,
      passkeyId: theirs.passkeys[0]?.id,
    });
    expect(passkey.status).toBe(404);
    expect(passkey.body).toMatchObject({ error: 'StaffPasskeyUnknown' });
    const session = await admin.post('/staff-api/staff/end-session', {
      id: one.id,
      sessionId: theirs.sessions[0]?.id,
    });
    expect(session.status).toBe(404);
    expect(session.body).toMatchObject({ error: 'StaffSessionUnknown' });
    expect((await other.client.get('/staff-api/me')).status).toBe(200);
    expect((await staffSignIn(t.client(), other.authenticator)).status).toBe(200);
    expect((await admin.post('/staff-api/staff/end-session', { id: one.id, sessionId: 'nope' })).status).toBe(
      400,
    );
  });

  it('support and managers are refused (403) listing and revoking, and nothing changes', async () => {
    const target = await onTwoBrowsers();
    const devices = (await devicesOf(target.id)).body;
    for (const role of ['support', 'manager'] as const) {
      const { client } = await signedInStaff(t, role);
      const list = await devicesOf(target.id, client);
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({ error: 'StaffRoleRequired' });
      const calls = [
        client.post('/staff-api/staff/revoke-passkey', { id: target.id, passkeyId: devices.passkeys[0]?.id }),
        client.post('/staff-api/staff/end-session', { id: target.id, sessionId: devices.sessions[0]?.id }),
        client.post('/staff-api/staff/reactivate', { id: target.id }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    }
    expect((await devicesOf(target.id)).body).toEqual(devices);
    expect((await target.client.get('/staff-api/me')).status).toBe(200);
    expect((await target.second.get('/staff-api/me')).status).toBe(200);
    expect(await auditActions(target.id)).toEqual(['partner:staff.create', 'self:staff.enrol']);
  });
});

describe('deactivation can be undone', () => {
  it('reactivate: a fresh enrolment link; the passkey held before stays cut off; the new one signs in', async () => {
    const staff = await signedInStaff(t, 'manager');
    expect((await admin.post('/staff-api/staff/deactivate', { id: staff.id })).status).toBe(200);
    const again = await admin.post<{ staff: { active: boolean; role: string }; enrolUrl: string }>(
      '/staff-api/staff/reactivate',
      { id: staff.id },
    );
    expect(again.status).toBe(200);
    expect(again.body.staff).toMatchObject({ active: true, role: 'manager', hasPasskey: false });
    expect((await staffSignIn(t.client(), staff.authenticator)).status).toBe(401);
    expect((await staff.client.get('/staff-api/me')).status).toBe(401);
    const browser = t.client();
    expect((await enrol(browser, enrolmentTokenOf(again.body.enrolUrl))).status).toBe(200);
    expect((await browser.get('/staff-api/me')).body).toMatchObject({ staff: { role: 'manager' } });
    expect(await auditActions(staff.id)).toEqual([
      'partner:staff.create',
      'self:staff.enrol',
      'admin:staff.deactivate',
      'admin:staff.reactivate',
      'self:staff.enrol',
    ]);
    // An active member is not "reactivated" (that would throw their passkeys away).
    const active = await admin.post('/staff-api/staff/reactivate', { id: staff.id });
    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ error: 'StaffActive' });
  });

  it('adding a deactivated member’s email again reactivates them with the new name and role (no 409); an active one is still 409', async () => {
    const staff = await signedInStaff(t, 'support');
    await admin.post('/staff-api/staff/deactivate', { id: staff.id });
    const readded = await admin.post<{
      staff: Record<string, unknown>;
      enrolUrl: string;
      reactivated: boolean;
    }>('/staff-api/staff', { email: staff.email, name: 'Back Again', role: 'manager' });
    expect(readded.status).toBe(201);
    expect(readded.body).toMatchObject({
      reactivated: true,
      staff: { id: staff.id, fullName: 'Back Again', role: 'manager', active: true, hasPasskey: false },
    });
    expect((await staffSignIn(t.client(), staff.authenticator)).status).toBe(401);
    expect((await enrol(t.client(), enrolmentTokenOf(readded.body.enrolUrl))).status).toBe(200);
    expect(await auditActions(staff.id)).toEqual([
      'partner:staff.create',
      'self:staff.enrol',
      'admin:staff.deactivate',
      'admin:staff.reactivate',
      'self:staff.enrol',
    ]);

    const taken = await admin.post('/staff-api/staff', { email: staff.email, name: 'X', role: 'support' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'StaffExists' });
  });

  it('the partner API (staff create) reactivates a deactivated email the same way', async () => {
    const staff = await signedInStaff(t, 'support');
    await admin.post('/staff-api/staff/deactivate', { id: staff.id });
    const res = await t.partner<{ reactivated: boolean; staff: { id: string } }>('POST', '/staff', {
      email: staff.email,
      name: 'Sam',
      role: 'support',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reactivated: true, staff: { id: staff.id, active: true } });
  });
});
