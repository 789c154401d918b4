import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEndpoint, logoutEndpoint } from '#shared/api/auth.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(password = 'correct-horse-battery') {
  const email = `m${Math.random().toString(36).slice(2)}@example.com`;
  const created = await t.partner('POST', '/members', { email, name: 'Jamie Rivers', password });
  expect(created.status).toBe(201);
  return { email, password };
}

describe('viewer (SPEC §7)', () => {
  it('viewer: anonymous without a session', async () => {
    const res = await t.client().get('/api-w/viewer');
    expect(res.status).toBe(200);
    expect(viewerResponseSchema.parse(res.body)).toMatchObject({ isAnonymous: true, account: null });
  });
});

describe('login and logout (SPEC §7, §8)', () => {
  it('login: signs in with the right password, case-insensitively on email, and the viewer shows the account', async () => {
    const { email, password } = await member();
    const browser = t.client();
    const res = await browser.post('/api/login', { username: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    const body = loginEndpoint.response.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.account?.email).toBe(email);
    expect(body.account?.fullName).toBe('Jamie Rivers');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash|passwordHash/);
    const viewer = viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
    expect(viewer.isAnonymous).toBe(false);
    expect(viewer.account?.email).toBe(email);
  });

  it('login: a wrong password answers incorrectPassword with the §8 message and signs nobody in', async () => {
    const { email } = await member();
    const browser = t.client();
    const res = await browser.post('/api/login', { username: email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      incorrectPassword: true,
      message: 'The username and password entered did not match any account details we hold.',
    });
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it('login: an unknown email answers exactly like a wrong password', async () => {
    const res = await t
      .client()
      .post('/api/login', { username: 'nobody@example.com', password: 'whatever-1' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ incorrectPassword: true });
  });

  it('login: an account whose canSignIn is false cannot sign in', async () => {
    const { email, password } = await member();
    await t.ctx.db.query('UPDATE accounts SET can_sign_in = false WHERE email = $1', [email]);
    const browser = t.client();
    const res = await browser.post('/api/login', { username: email, password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Sorry, could not complete login, please try again.',
    });
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it('login: the session cookie is HttpOnly, SameSite=Lax and rotated at every sign-in', async () => {
    const { email, password } = await member();
    const browser = t.client();
    const first = await browser.post('/api/login', { username: email, password });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const firstToken = browser.sessionCookie();
    await browser.post('/api/login', { username: email, password });
    expect(browser.sessionCookie()).not.toBe(firstToken);
    // The replaced session no longer works.
    const old = t.client();
    const stale = await old.get('/api-w/viewer', { cookie: `session=${firstToken}` });
    expect(stale.body).toMatchObject({ isAnonymous: true });
    const rows = await t.ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.map((r) => r.token_hash)).not.toContain(firstToken);
  });

  it('login: one browser signing in again and again at once never gets a server error: a session or, past the limit, 429 (races on PostgreSQL)', async () => {
    const { email, password } = await member();
    const first = t.client();
    const signedIn = await first.post('/api/login', { username: email, password });
    expect(signedIn.status).toBe(200);
    // The browser's id cookie, sent back by every attempt (as by a double-clicking member).
    const browserCookie = String(signedIn.headers['set-cookie'] ?? '')
      .split(/,(?=\s*\w+=)/)
      .map((line) => line.split(';')[0]?.trim() ?? '')
      .find((pair) => pair.startsWith('browser='));
    expect(browserCookie).toBeDefined();
    // Four tabs, each signing in 25 times back to back: 100 sign-ins overlapping in every order.
    const statuses: number[] = [];
    const tab = async () => {
      for (let i = 0; i < 25; i++) {
        const answer = await t
          .client()
          .post('/api/login', { username: email, password }, { cookie: browserCookie ?? '' });
        statuses.push(answer.status);
      }
    };
    await Promise.all([tab(), tab(), tab(), tab()]);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses).toContain(200);
  });

  it('logout: ends the session server-side', async () => {
    const { email, password } = await member();
    const browser = t.client();
    await browser.post('/api/login', { username: email, password });
    const token = browser.sessionCookie();
    const res = await browser.post('/api/logout', {});
    expect(logoutEndpoint.response.parse(res.body).success).toBe(true);
    const replay = await t.client().get('/api-w/viewer', { cookie: `session=${token}` });
    expect(replay.body).toMatchObject({ isAnonymous: true });
  });

  it('login: a blank email or password is a 400 naming the field, and signs nobody in', async () => {
    const res = await t.client().post('/api/login', { username: '  ', password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty('username');
    expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty('password');
  });

  it('login: malformed JSON is a 400 with a clear message', async () => {
    const res = await t.client().post('/api/login', '{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });
});

describe('the HTTP rules (DESIGN security rules)', () => {
  it('a state change from another origin is refused before it acts', async () => {
    const { email, password } = await member();
    const res = await t
      .client()
      .post('/api/login', { username: email, password }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a form-encoded POST is refused', async () => {
    const res = await t.client().request('POST', '/api/login', 'username=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
  });

  it('an unknown API path answers JSON 404; a wrong method answers 405 with Allow', async () => {
    const missing = await t.client().get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false });
    const wrongMethod = await t.client().get('/api/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
  });

  it('security headers: a CSP without inline scripts, nosniff, frame-ancestors and referrer policy', async () => {
    const res = await t.client().get('/api-w/viewer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
