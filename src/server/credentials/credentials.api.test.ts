import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePasswordEndpoint,
  magicLinkEndpoint,
  passkeyLoginEndpoint,
  passkeysEndpoint,
  passwordResetEndpoint,
  requestMagicLinkEndpoint,
  requestPasswordResetEndpoint,
} from '#shared/api/credentials.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy on the loopback (where the test requests come from), so address() is believed.
  t = await createTestApp({ config: { trustedProxies: ['127.0.0.1'] } });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test speaks from its own address, so per-address limits of one test do not touch another. */
function address(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${addressCounter}` };
}

function stranger(): string {
  return `nobody-${Math.random().toString(36).slice(2)}@example.com`;
}

async function isSignedIn(client: TestClient): Promise<boolean> {
  const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
  return !viewer.isAnonymous;
}

function tokenFrom(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

function lastMailTo(email: string) {
  return t.mails.find((mail) => mail.to === email);
}

describe('magic links (SPEC §2 Magic-link request, §4 Magic-login, §7)', () => {
  it('request-magic-link: a member and a stranger get the very same answer; only the member gets mail', async () => {
    const { email } = await t.signedInMember();
    const headers = address();
    const before = t.mails.length;
    const forMember = await t
      .client()
      .post('/api/request-magic-link', { email: email.toUpperCase() }, headers);
    const forStranger = await t.client().post('/api/request-magic-link', { email: stranger() }, headers);
    expect(forMember.status).toBe(200);
    expect(forStranger.status).toBe(forMember.status);
    expect(forStranger.body).toEqual(forMember.body);
    expect(requestMagicLinkEndpoint.response.parse(forMember.body).success).toBe(true);
    expect(t.mails.length).toBe(before + 1);
    const mail = lastMailTo(email);
    expect(mail?.subject).toBe('Sign in to Members Club');
    expect(mail?.links?.[0]).toMatch(/^http:\/\/localhost:3000\/magic-login\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain('expires in 10 minutes');
  });

  it('magic-link: signs in and returns the account; the token works once only', async () => {
    const { email } = await t.signedInMember();
    // Asked for and opened in the same browser: it signs in at once.
    const browser = t.client();
    await browser.post('/api/request-magic-link', { email }, address());
    const token = tokenFrom(lastMailTo(email)?.links?.[0]);
    const res = await browser.post('/api/magic-link', { token });
    expect(res.status).toBe(200);
    const body = magicLinkEndpoint.response.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.account?.email).toBe(email);
    expect(await isSignedIn(browser)).toBe(true);

    const again = t.client();
    const replay = await again.post('/api/magic-link', { token });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      success: false,
      message: 'This sign-in link has expired or has already been used. Please request a new one.',
    });
    expect(await isSignedIn(again)).toBe(false);
  });

  it('magic-link: of two parallel uses of one token, exactly one signs in', async () => {
    const { email } = await t.signedInMember();
    await t.client().post('/api/request-magic-link', { email }, address());
    const token = tokenFrom(lastMailTo(email)?.links?.[0]);
    // Three other browsers, each with the member's click.
    const answers = await Promise.all([
      t.client().post('/api/magic-link', { token, confirmed: true }),
      t.client().post('/api/magic-link', { token, confirmed: true }),
      t.client().post('/api/magic-link', { token, confirmed: true }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('magic-link: an expired token signs nobody in', async () => {
    const { email } = await t.signedInMember();
    await t.client().post('/api/request-magic-link', { email }, address());
    const token = tokenFrom(lastMailTo(email)?.links?.[0]);
    await t.ctx.db.query(
      "UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'magic-link'",
    );
    const browser = t.client();
    const res = await browser.post('/api/magic-link', { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('magic-link: a newer link replaces the older one', async () => {
    const { email } = await t.signedInMember();
    const headers = address();
    await t.client().post('/api/request-magic-link', { email }, headers);
    const first = tokenFrom(lastMailTo(email)?.links?.[0]);
    await t.client().post('/api/request-magic-link', { email }, headers);
    const second = tokenFrom(lastMailTo(email)?.links?.[0]);
    expect((await t.client().post('/api/magic-link', { token: first })).status).toBe(400);
    expect((await t.client().post('/api/magic-link', { token: second })).status).toBe(200);
  });

  it('request-magic-link: a link asked for on the way to the wallet page lands there (§2 Sign in next)', async () => {
    const { email } = await t.signedInMember();
    await t.client().post('/api/request-magic-link', { email, next: 'add-to-google-wallet' }, address());
    expect(new URL(String(lastMailTo(email)?.links?.[0])).searchParams.get('next')).toBe(
      'add-to-google-wallet',
    );
    await t.client().post('/api/request-magic-link', { email, next: 'https://evil.example' }, address());
    expect(new URL(String(lastMailTo(email)?.links?.[0])).searchParams.has('next')).toBe(false);
  });

  it('request-magic-link: a link asked for on the way to a help page lands back on that page', async () => {
    const { email } = await t.signedInMember();
    await t.client().post('/api/request-magic-link', { email, next: '/help/security' }, address());
    expect(new URL(String(lastMailTo(email)?.links?.[0])).searchParams.get('next')).toBe('/help/security');
    for (const next of [
      '//evil.example',
      '/help/../signin',
      '/helpful',
      '/help/security?x=https://evil.example',
    ]) {
      await t.client().post('/api/request-magic-link', { email, next }, address());
      expect(new URL(String(lastMailTo(email)?.links?.[0])).searchParams.has('next'), next).toBe(false);
    }
  });

  it('magic-link: an unknown or blank token is refused', async () => {
    expect((await t.client().post('/api/magic-link', { token: 'made-up' })).status).toBe(400);
    const blank = await t.client().post('/api/magic-link', { token: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toHaveProperty('fieldErrors.token');
  });

  it('request-magic-link: a blank email is flagged and nothing is sent (§5)', async () => {
    const before = t.mails.length;
    const res = await t.client().post('/api/request-magic-link', { email: '  ' }, address());
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('fieldErrors.email', 'Enter your email address');
    expect(t.mails.length).toBe(before);
  });

  it('request-magic-link: limited per email, alike for members and strangers', async () => {
    const { email } = await t.signedInMember();
    const other = stranger();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await t.client().post('/api/request-magic-link', { email }, address())).status);
    }
    const strangerAnswers: number[] = [];
    for (let i = 0; i < 6; i++) {
      strangerAnswers.push(
        (await t.client().post('/api/request-magic-link', { email: other }, address())).status,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect(strangerAnswers).toEqual(answers);
    const limited = await t.client().post('/api/request-magic-link', { email }, address());
    expect(limited.body).toMatchObject({
      success: false,
      message: "We've recently sent you an email. Please wait a few minutes before asking for another.",
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('request-magic-link: limited per address', async () => {
    const headers = address();
    const statuses: number[] = [];
    for (let i = 0; i <= t.config.emailLinkLimits.perAddress; i++) {
      statuses.push(
        (await t.client().post('/api/request-magic-link', { email: stranger() }, headers)).status,
      );
    }
    expect(statuses.slice(0, t.config.emailLinkLimits.perAddress).every((status) => status === 200)).toBe(
      true,
    );
    expect(statuses[t.config.emailLinkLimits.perAddress]).toBe(429);
    // Another address is not affected.
    expect((await t.client().post('/api/request-magic-link', { email: stranger() }, address())).status).toBe(
      200,
    );
  });
});

describe('password reset (SPEC §2 Reset password page, §7, §8, §9)', () => {
  async function resetLink(email: string) {
    const res = await t.client().post('/api/request-password-reset', { username: email }, address());
    expect(requestPasswordResetEndpoint.response.parse(res.body).success).toBe(true);
    const link = lastMailTo(email)?.links?.[0];
    if (!link) throw new Error('no reset mail');
    return new URL(link);
  }

  it('request-password-reset: the same answer for a member and a stranger; the link carries email and token', async () => {
    const { email } = await t.signedInMember();
    const headers = address();
    const forMember = await t.client().post('/api/request-password-reset', { username: email }, headers);
    const forStranger = await t
      .client()
      .post('/api/request-password-reset', { username: stranger() }, headers);
    expect(forStranger.status).toBe(forMember.status);
    expect(forStranger.body).toEqual(forMember.body);
    const link = new URL(String(lastMailTo(email)?.links?.[0]));
    expect(link.pathname).toBe('/set-new-password');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lastMailTo(email)?.text).toContain('expires in 1 hour');
  });

  it('password-reset: signs in with the new password and ends every other session', async () => {
    const { email, password, client: otherDevice } = await t.signedInMember();
    const link = await resetLink(email);
    const browser = t.client();
    const res = await browser.post('/api/password-reset', {
      username: email,
      password: 'a-brand-new-secret',
      token: link.searchParams.get('token'),
    });
    expect(res.status).toBe(200);
    const body = passwordResetEndpoint.response.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.account?.email).toBe(email);
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);
    expect(
      (await t.client().post('/api/login', { username: email, password: 'a-brand-new-secret' })).status,
    ).toBe(200);
  });

  it('password-reset: the token works once; a used link answers isExpired', async () => {
    const { email } = await t.signedInMember();
    const token = (await resetLink(email)).searchParams.get('token');
    await t.client().post('/api/password-reset', { username: email, password: 'first-new-secret', token });
    const replay = await t.client().post('/api/password-reset', {
      username: email,
      password: 'second-new-secret',
      token,
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ success: false, isExpired: true });
    expect(
      (await t.client().post('/api/login', { username: email, password: 'second-new-secret' })).status,
    ).toBe(401);
  });

  it('password-reset: of two parallel uses of one link, exactly one sets its password', async () => {
    const { email } = await t.signedInMember();
    const token = (await resetLink(email)).searchParams.get('token');
    const answers = await Promise.all(
      ['parallel-one-secret', 'parallel-two-secret'].map((password) =>
        t.client().post('/api/password-reset', { username: email, password, token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('password-reset: an expired link answers isExpired and changes nothing', async () => {
    const { email, password } = await t.signedInMember();
    const token = (await resetLink(email)).searchParams.get('token');
    await t.ctx.db.query(
      "UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'password-reset'",
    );
    const res = await t
      .client()
      .post('/api/password-reset', { username: email, password: 'brand-new-one', token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      isExpired: true,
      message: 'This password reset link has expired or has already been used. Please request a new one.',
    });
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(200);
  });

  it('password-reset: under 6 characters answers invalidPassword and the link still works (§9)', async () => {
    const { email } = await t.signedInMember();
    const token = (await resetLink(email)).searchParams.get('token');
    const short = await t.client().post('/api/password-reset', { username: email, password: 'abc12', token });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      success: false,
      invalidPassword: true,
      message: "The password you entered doesn't meet the requirements",
    });
    const ok = await t.client().post('/api/password-reset', { username: email, password: 'abc123x', token });
    expect(ok.status).toBe(200);
  });

  it('password-reset: a token presented with another email is refused', async () => {
    const { email } = await t.signedInMember();
    const token = (await resetLink(email)).searchParams.get('token');
    const res = await t.client().post('/api/password-reset', {
      username: stranger(),
      password: 'a-brand-new-secret',
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body).not.toHaveProperty('account');
  });
});

describe('change password (SPEC §2 /help/security, §7, §8, §9)', () => {
  it('change-password: needs sign-in', async () => {
    const res = await t.client().post('/api/change-password', { password: 'long-enough-1' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_REQUIRED' });
  });

  it('change-password: under 8 characters answers invalidPassword and changes nothing (§9)', async () => {
    const { client, email, password } = await t.signedInMember();
    const res = await client.post('/api/change-password', { password: 'short12' });
    expect(res.status).toBe(400);
    expect(changePasswordEndpoint.response.parse(res.body)).toMatchObject({
      success: false,
      invalidPassword: true,
    });
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(200);
  });

  it('change-password: success says so, keeps this session, ends the others and tells the member by email', async () => {
    const { client, email, password } = await t.signedInMember();
    const otherDevice = t.client();
    await otherDevice.post('/api/login', { username: email, password });
    const res = await client.post('/api/change-password', { password: 'my-new-password-9' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Your password has been changed.' });
    expect(await isSignedIn(client)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(lastMailTo(email)?.subject).toBe('Your Members Club password has been changed');
    expect(
      (await t.client().post('/api/login', { username: email, password: 'my-new-password-9' })).status,
    ).toBe(200);
  });
});

describe('failed password sign-ins are throttled (issue: throttling)', () => {
  it('per account: after 5 failures even the right password waits, alike for strangers; then it works again', async () => {
    const { email, password } = await t.signedInMember();
    const other = stranger();
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.client().post('/api/login', { username: email, password: 'wrong-guess' }, address())).status,
      ).toBe(401);
      expect(
        (await t.client().post('/api/login', { username: other, password: 'wrong-guess' }, address())).status,
      ).toBe(401);
    }
    const blocked = await t.client().post('/api/login', { username: email, password }, address());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      message:
        'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or sign in with an emailed link.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const strangerBlocked = await t
      .client()
      .post('/api/login', { username: other, password: 'x' }, address());
    expect(strangerBlocked.status).toBe(429);
    expect(strangerBlocked.body).toEqual(blocked.body);

    // No permanent lock-out: once the window has moved on, the member signs in.
    await t.ctx.db.query(
      "UPDATE rate_limit_counters SET hits = ARRAY(SELECT h - interval '16 minutes' FROM unnest(hits) AS h)",
    );
    expect((await t.client().post('/api/login', { username: email, password }, address())).status).toBe(200);
  });

  it('per account: an emailed link still signs the member in while passwords wait', async () => {
    const { email } = await t.signedInMember();
    for (let i = 0; i < 5; i++) {
      await t.client().post('/api/login', { username: email, password: 'wrong-guess' }, address());
    }
    await t.client().post('/api/request-magic-link', { email }, address());
    const token = tokenFrom(lastMailTo(email)?.links?.[0]);
    expect((await t.client().post('/api/magic-link', { token })).status).toBe(200);
  });

  it('per address: many failures from one address wait, other addresses do not', async () => {
    const headers = address();
    for (let i = 0; i < t.config.signInThrottle.addressFailures; i++) {
      await t.client().post('/api/login', { username: stranger(), password: 'wrong-guess' }, headers);
    }
    const { email, password } = await t.signedInMember();
    expect((await t.client().post('/api/login', { username: email, password }, headers)).status).toBe(429);
    expect((await t.client().post('/api/login', { username: email, password }, address())).status).toBe(200);
  });
});

describe('passkeys (SPEC §3 Passkey, §7, DESIGN WebAuthn rules)', () => {
  const chromeOnMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

  async function registered(client: TestClient, authenticator = new SoftAuthenticator()) {
    const options = await client.post<{ options: { challenge: string; user: { id: string } } }>(
      '/api/passkeys/registration-options',
      {},
    );
    expect(options.status).toBe(200);
    const res = await client.post(
      '/api/passkeys/register',
      { response: authenticator.register(options.body.options) },
      {
        'user-agent': chromeOnMac,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return authenticator;
  }

  async function signInWith(authenticator: SoftAuthenticator, browser = t.client(), overrides = {}) {
    const options = await browser.post<{ options: { challenge: string } }>('/api/passkeys/login-options', {
      autofill: false,
    });
    return {
      browser,
      res: await browser.post(
        '/api/passkeys/login',
        { response: authenticator.authenticate(options.body.options, overrides) },
        { 'user-agent': chromeOnMac },
      ),
    };
  }

  it('registration needs sign-in', async () => {
    expect((await t.client().post('/api/passkeys/registration-options', {})).status).toBe(401);
    expect((await t.client().get('/api/passkeys')).status).toBe(401);
  });

  it('register, list every §3 field, sign in with it, and see it marked as the active session', async () => {
    const { client, email } = await t.signedInMember();
    const authenticator = await registered(client);
    const list = passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: 'Chrome on macOS',
      keyNumber: 1,
      lastUsedAt: null,
      isActiveSession: false,
    });

    const { browser, res } = await signInWith(authenticator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = passkeyLoginEndpoint.response.parse(res.body);
    expect(body).toMatchObject({ success: true, account: { email } });
    const after = passkeysEndpoint.response.parse((await browser.get('/api/passkeys')).body);
    expect(after[0]).toMatchObject({
      isActiveSession: true,
      lastUsedBrowser: 'Chrome',
      lastUsedBrowserDeviceVendor: 'Apple',
      lastUsedBrowserOS: 'macOS',
    });
    expect(after[0]?.lastUsedAt).not.toBeNull();
    // The password session did not sign in with it.
    expect(
      passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body)[0]?.isActiveSession,
    ).toBe(false);
  });

  it('a sign-in challenge cannot be used twice', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const browser = t.client();
    const options = await browser.post<{ options: { challenge: string } }>('/api/passkeys/login-options', {});
    const first = await browser.post('/api/passkeys/login', {
      response: authenticator.authenticate(options.body.options),
    });
    expect(first.status).toBe(200);
    const replay = await browser.post('/api/passkeys/login', {
      response: authenticator.authenticate(options.body.options),
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      success: false,
      message: 'This passkey request has expired. Please try again.',
    });
  });

  it('a registration challenge cannot be used twice', async () => {
    const { client } = await t.signedInMember();
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/passkeys/registration-options',
      {},
    );
    const first = await client.post('/api/passkeys/register', {
      response: new SoftAuthenticator().register(options.body.options),
    });
    expect(first.status).toBe(200);
    const second = await client.post('/api/passkeys/register', {
      response: new SoftAuthenticator().register(options.body.options),
    });
    expect(second.status).toBe(400);
    expect(passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body)).toHaveLength(1);
  });

  it('a registration challenge belongs to the session that asked for it', async () => {
    const { client } = await t.signedInMember();
    const { client: someoneElse } = await t.signedInMember();
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/passkeys/registration-options',
      {},
    );
    const res = await someoneElse.post('/api/passkeys/register', {
      response: new SoftAuthenticator().register(options.body.options),
    });
    expect(res.status).toBe(400);
  });

  it('a sign-in challenge only counts in the browser that asked for it', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const asking = t.client();
    const options = await asking.post<{ options: { challenge: string } }>('/api/passkeys/login-options', {});
    const elsewhere = await t.client().post('/api/passkeys/login', {
      response: authenticator.authenticate(options.body.options),
    });
    expect(elsewhere.status).toBe(400);
  });

  it('an expired challenge is refused', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const browser = t.client();
    const options = await browser.post<{ options: { challenge: string } }>('/api/passkeys/login-options', {});
    await t.ctx.db.query("UPDATE webauthn_challenges SET expires_at = now() - interval '1 second'");
    const res = await browser.post('/api/passkeys/login', {
      response: authenticator.authenticate(options.body.options),
    });
    expect(res.status).toBe(400);
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('an answer made for another origin is refused (origin from configuration)', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const { browser, res } = await signInWith(authenticator, t.client(), { origin: 'https://evil.example' });
    expect(res.status).toBe(401);
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('user verification is required', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    authenticator.userVerified = false;
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(401);
    const unverified = new SoftAuthenticator(undefined, undefined, false);
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/passkeys/registration-options',
      {},
    );
    const reg = await client.post('/api/passkeys/register', {
      response: unverified.register(options.body.options),
    });
    expect(reg.status).toBe(400);
  });

  it('a signature counter that does not move forward is refused (a cloned authenticator)', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    expect((await signInWith(authenticator, t.client(), { counter: 5 })).res.status).toBe(200);
    const { browser, res } = await signInWith(authenticator, t.client(), { counter: 5 });
    expect(res.status).toBe(401);
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('an unknown passkey answers failOver, so the screen can email a link instead', async () => {
    const stray = new SoftAuthenticator();
    const { res } = await signInWith(stray);
    expect(res.status).toBe(401);
    expect(passkeyLoginEndpoint.response.parse(res.body)).toMatchObject({ success: false, failOver: true });
  });

  it('rename and remove; removing signs out other devices that used it, and it no longer signs in', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const [passkey] = passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body);
    if (!passkey) throw new Error('no passkey');
    const renamed = await client.post('/api/passkeys/rename', { id: passkey._id, title: '  Work laptop ' });
    expect(renamed.body).toMatchObject({ success: true, passkey: { title: 'Work laptop' } });
    const blank = await client.post('/api/passkeys/rename', { id: passkey._id, title: ' ' });
    expect(blank.status).toBe(400);

    const { browser: phone } = await signInWith(authenticator);
    expect(await isSignedIn(phone)).toBe(true);
    const { client: someoneElse } = await t.signedInMember();
    expect((await someoneElse.post('/api/passkeys/remove', { id: passkey._id })).status).toBe(404);

    const removed = await client.post('/api/passkeys/remove', { id: passkey._id });
    expect(removed.body).toMatchObject({ success: true });
    expect(passkeysEndpoint.response.parse((await client.get('/api/passkeys')).body)).toEqual([]);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(client)).toBe(true);
    expect((await signInWith(authenticator)).res.body).toMatchObject({ success: false, failOver: true });
  });

  it('removing the passkey this session signed in with keeps the session, unmarked', async () => {
    const { client } = await t.signedInMember();
    const authenticator = await registered(client);
    const { browser } = await signInWith(authenticator);
    const [passkey] = passkeysEndpoint.response.parse((await browser.get('/api/passkeys')).body);
    await browser.post('/api/passkeys/remove', { id: passkey?._id });
    expect(await isSignedIn(browser)).toBe(true);
  });
});

describe('with passkeys and magic links switched off (SPEC §1)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ config: { enableWebAuthnLogins: false, enableMagicLinkLogins: false } });
  });
  afterAll(() => off.close());

  it('the passkey and magic-link calls are not there', async () => {
    const { client } = await off.signedInMember();
    expect((await client.get('/api/passkeys')).status).toBe(404);
    expect((await off.client().post('/api/passkeys/login-options', {})).status).toBe(404);
    expect((await off.client().post('/api/request-magic-link', { email: 'a@example.com' })).status).toBe(404);
    // Password reset stays: members sign in with passwords here.
    expect(
      (await off.client().post('/api/request-password-reset', { username: 'a@example.com' })).status,
    ).toBe(200);
  });
});

describe('staff doors (partner API, operator CLI)', () => {
  it('sign-out-everywhere ends every session and removes the passkeys of a member (a lost phone)', async () => {
    const { client, email, loyaltyId } = await t.signedInMember();
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/passkeys/registration-options',
      {},
    );
    await client.post('/api/passkeys/register', {
      response: new SoftAuthenticator().register(options.body.options),
    });
    const res = await t.partner('POST', '/members/sign-out-everywhere', { member: loyaltyId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ member: { email }, sessionsEnded: 1, passkeysRemoved: 1 });
    expect(await isSignedIn(client)).toBe(false);
    expect(
      (await t.partner('POST', '/members/sign-out-everywhere', { member: 'nobody@example.com' })).status,
    ).toBe(404);
  });

  it('send-password-reset emails the member a working reset link', async () => {
    const { email } = await t.signedInMember();
    const res = await t.partner('POST', '/members/send-password-reset', { member: email });
    expect(res.body).toMatchObject({ sent: true });
    const token = tokenFrom(lastMailTo(email)?.links?.[0]);
    const reset = await t
      .client()
      .post('/api/password-reset', { username: email, password: 'staff-helped-1', token });
    expect(reset.status).toBe(200);
  });

  it('needs the partner key', async () => {
    const res = await t.client().request('POST', '/partner/v1/members/send-password-reset', { member: 'x' });
    expect(res.status).toBe(401);
  });
});
