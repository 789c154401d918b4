import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { closeCliTestApp, serveForCli } from '#tests/support/cli-server.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { enrol, enrolmentTokenOf, signedInStaff, staffSignIn } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins from one test address: the per-address limit has its own test below.
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  await serveForCli(t);
});
afterAll(() => closeCliTestApp(t));
afterEach(() => vi.restoreAllMocks());

async function createdStaff(
  role = 'support',
  email = `s-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const res = await t.partner<{ enrolUrl: string; staff: { id: string } }>('POST', '/staff', {
    email,
    name: 'Sam Staff',
    role,
  });
  expect(res.status).toBe(201);
  return { token: enrolmentTokenOf(res.body.enrolUrl), id: res.body.staff.id, email };
}

describe('staff accounts and sign-in', () => {
  it('staff create --role admin prints a single-use enrolment link; the passkey it registers signs in at /staff-api', async () => {
    const output: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
    const code = await runCli([
      'staff',
      'create',
      '--role',
      'admin',
      '--email',
      'Ada@Example.com',
      '--name',
      'Ada Admin',
    ]);
    expect(code).toBe(0);
    const printed = output.join('\n');
    expect(printed).toContain('Created admin Ada Admin <ada@example.com>.');
    const url = printed.match(/http\S+\/staff\/enrol#\S+/)?.[0] ?? '';
    expect(url).not.toBe('');

    const authenticator = new SoftAuthenticator();
    const browser = t.client();
    const enrolled = await enrol(browser, enrolmentTokenOf(url), authenticator);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({
      staff: { email: 'ada@example.com', role: 'admin', hasPasskey: true },
    });
    expect((await browser.get('/staff-api/me')).status).toBe(200);

    // The link is spent: a second enrolment with it is refused and adds no passkey.
    const again = await enrol(t.client(), enrolmentTokenOf(url));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'EnrolmentInvalid' });

    // A new browser signs in with the passkey.
    const other = t.client();
    expect((await other.get('/staff-api/me')).status).toBe(401);
    const signedIn = await staffSignIn(other, authenticator);
    expect(signedIn.status).toBe(200);
    expect((await other.get('/staff-api/me')).body).toMatchObject({ staff: { role: 'admin' } });
    // Signed out, the cookie counts for nothing.
    expect((await other.post('/staff-api/signout', {})).status).toBe(200);
    expect((await other.get('/staff-api/me')).status).toBe(401);
  });

  it('staff enrolment-link --email prints a new link; once used, the older passkey no longer signs in', async () => {
    const { token, email } = await createdStaff('admin');
    const lost = new SoftAuthenticator();
    expect((await enrol(t.client(), token, lost)).status).toBe(200);
    const output: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
    expect(await runCli(['staff', 'enrolment-link', '--email', email])).toBe(0);
    const url = output.join('\n').match(/http\S+\/staff\/enrol#\S+/)?.[0] ?? '';
    expect(url).not.toBe('');
    expect((await enrol(t.client(), enrolmentTokenOf(url))).status).toBe(200);
    expect((await staffSignIn(t.client(), lost)).status).toBe(401);
  });

  it('a duplicate email, an unknown role and a bad email are refused and create nothing', async () => {
    const { email } = await createdStaff();
    const dup = await t.partner('POST', '/staff', { email, name: 'X', role: 'manager' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'StaffExists' });
    expect(
      (await t.partner('POST', '/staff', { email: 'r@example.com', name: 'X', role: 'root' })).status,
    ).toBe(400);
    expect(
      (await t.partner('POST', '/staff', { email: 'not-an-email', name: 'X', role: 'support' })).status,
    ).toBe(400);
    const rows = await t.ctx.db.query('SELECT 1 FROM staff_members WHERE email IN ($1, $2)', [
      'r@example.com',
      'not-an-email',
    ]);
    expect(rows).toHaveLength(0);
  });

  it('of 20 parallel enrolments with one link exactly one registers a passkey', async () => {
    const { token, id } = await createdStaff();
    const browsers = Array.from({ length: 20 }, () => t.client());
    const optionsAll = await Promise.all(
      browsers.map((b) =>
        b.post<{ options: { challenge: string; user: { id: string } } }>('/staff-api/enrolment/options', {
          token,
        }),
      ),
    );
    const results = await Promise.all(
      browsers.map((b, i) =>
        b.post('/staff-api/enrolment', {
          token,
          response: new SoftAuthenticator().register(optionsAll[i]?.body.options ?? { challenge: '' }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const keys = await t.ctx.db.query('SELECT 1 FROM staff_passkeys WHERE staff_id = $1', [id]);
    expect(keys).toHaveLength(1);
  });

  it('an expired enrolment link is refused', async () => {
    const { token, id } = await createdStaff();
    await t.ctx.db.query(
      "UPDATE staff_enrolments SET expires_at = now() - interval '1 second' WHERE staff_id = $1",
      [id],
    );
    const res = await t.client().post('/staff-api/enrolment/options', { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'EnrolmentInvalid' });
  });

  it('a member passkey or an unknown one does not sign in to the console', async () => {
    const res = await staffSignIn(t.client(), new SoftAuthenticator());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'StaffPasskeyRefused' });
  });

  it('a replayed sign-in answer (same counter) is refused', async () => {
    const { authenticator } = await signedInStaff(t, 'support');
    const browser = t.client();
    const options = await browser.post<{ options: { challenge: string } }>('/staff-api/signin/options', {});
    const answer = authenticator.authenticate(options.body.options);
    expect((await browser.post('/staff-api/signin', { response: answer })).status).toBe(200);
    expect((await browser.post('/staff-api/signin', { response: answer })).status).toBe(400);
  });

  it('a staff session ends after the idle time-out and at the absolute one', async () => {
    const { client, id } = await signedInStaff(t, 'support');
    expect((await client.get('/staff-api/me')).status).toBe(200);
    await t.ctx.db.query(
      `UPDATE staff_sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE staff_id = $1`,
      [id, t.config.staff.sessionIdleMinutes + 1],
    );
    expect((await client.get('/staff-api/me')).status).toBe(401);

    const second = await signedInStaff(t, 'support');
    await t.ctx.db.query(
      "UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = $1",
      [second.id],
    );
    expect((await second.client.get('/staff-api/me')).status).toBe(401);
  });

  it('the defaults: 30 minutes idle, 8 hours absolute', () => {
    expect(t.config.staff).toMatchObject({ sessionIdleMinutes: 30, sessionAbsoluteHours: 8 });
  });

  it('a staff session never grants member access, and a member session never grants staff access', async () => {
    const staff = await signedInStaff(t, 'admin');
    expect((await staff.client.get('/api/passkeys')).status).toBe(401);
    expect((await staff.client.get('/api/account')).status).not.toBe(200);
    const member = await t.signedInMember();
    expect((await member.client.get('/api/passkeys')).status).toBe(200);
    for (const path of ['/staff-api/me', '/staff-api/staff']) {
      const res = await member.client.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'StaffSignInRequired' });
    }
    // Even the member's session token presented as the staff cookie counts for nothing.
    const memberToken = member.client.sessionCookie() ?? '';
    const forged = await t.client().get('/staff-api/me', { cookie: `staff=${memberToken}` });
    expect(forged.status).toBe(401);
  });

  it('the staff cookie is HttpOnly, SameSite=Strict and scoped to /staff-api', async () => {
    const { token } = await createdStaff();
    const browser = t.client();
    const options = await browser.post<{ options: { challenge: string; user: { id: string } } }>(
      '/staff-api/enrolment/options',
      { token },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff-api/enrolment',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ token, response: new SoftAuthenticator().register(options.body.options) }),
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'staff');
    expect(cookie).toMatchObject({ path: '/staff-api', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.maxAge).toBe(8 * 3600);
  });

  it('a deactivated staff member is signed out at once and cannot sign in again', async () => {
    const admin = await signedInStaff(t, 'admin');
    const support = await signedInStaff(t, 'support');
    const res = await admin.client.post('/staff-api/staff/deactivate', { id: support.id });
    expect(res.status).toBe(200);
    expect((await support.client.get('/staff-api/me')).status).toBe(401);
    expect((await staffSignIn(t.client(), support.authenticator)).status).toBe(401);
  });
});

describe('staff sign-in is rate limited per address', () => {
  it('past the limit, options answer 429 with Retry-After', async () => {
    const limited = await createTestApp({ config: { staff: { signInPerAddress: 3 } } });
    try {
      const browser = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await browser.post('/staff-api/signin/options', {})).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
