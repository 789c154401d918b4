import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSignupEndpoint, signupEndpoint, verifyEmailEndpoint } from '#shared/api/joining.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const uniqueEmail = (prefix = 'joiner') => `${prefix}-${Math.random().toString(36).slice(2)}@example.com`;
const confirmations = { confirmAge: true, acceptTerms: true };

function linkParams(link: string | undefined) {
  const url = new URL(link ?? 'http://x/');
  return {
    path: url.pathname,
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}

describe('self sign-up, switched off (SPEC §1 selfSignupEnabled disabled)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signup: answers 404 and creates nothing while self sign-up is disabled', async () => {
    const email = uniqueEmail();
    const res = await t
      .client()
      .post('/api/signup', { username: email, name: 'N', allowMarketing: true, ...confirmations });
    expect(res.status).toBe(404);
    expect(await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1', [email])).toHaveLength(0);
  });

  it('guided signup: answers 404 while guided signup is disabled', async () => {
    const res = await t.client().post('/api/guided-signup', {
      username: uniqueEmail(),
      name: 'N',
      allowMarketing: true,
      ...confirmations,
    });
    expect(res.status).toBe(404);
  });
});

describe('self sign-up with passwords (SPEC §2, §4 Sign-up, §5, §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { selfSignupEnabled: true, enableMagicLinkLogins: false } });
  });
  afterAll(() => t.close());

  it('signup: creates an unverified member (email lowercased), signs in, sends the verification email', async () => {
    const email = uniqueEmail();
    const browser = t.client();
    const res = await browser.post('/api/signup', {
      username: `  ${email.toUpperCase()} `,
      password: 'velvet-harbour',
      name: 'Kim Lee',
      allowMarketing: false,
      ...confirmations,
    });
    expect(res.status).toBe(201);
    const body = signupEndpoint.response.parse(res.body);
    expect(body.account).toMatchObject({
      email,
      fullName: 'Kim Lee',
      emailIsVerified: false,
      emailVerificationRequestResendAvailable: false,
      membership: { marketingConsent: 'decline' },
    });
    expect(viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body).isAnonymous).toBe(false);
    expect(t.mails[0]).toMatchObject({
      to: email,
      subject: 'Please verify your email address for Members Club',
    });
    expect(t.mails[0]?.text).toContain('you still earn points');
    const consent = await t.ctx.db.query<{ source: string }>(
      'SELECT source FROM marketing_consents WHERE account_id = $1',
      [body.account?.id],
    );
    expect(consent).toEqual([{ source: 'signup' }]);
  });

  it('signup: an existing email answers UserAlreadyExists with the §8 message', async () => {
    const member = await t.signedInMember();
    const res = await t.client().post('/api/signup', {
      username: member.email,
      password: 'velvet-harbour',
      name: 'Kim Lee',
      allowMarketing: true,
      ...confirmations,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      error: 'UserAlreadyExists',
      message: 'An account with that email address already exists, please login.',
    });
  });

  it("signup: a password made of the member's own name answers InvalidPassword; the same for someone else is fine", async () => {
    const jane = { name: 'Jane Smith', allowMarketing: true, ...confirmations };
    const refused = await t
      .client()
      .post('/api/signup', { ...jane, username: uniqueEmail(), password: 'Jane.Smith2026' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'InvalidPassword', invalidPassword: true });
    const kim = { ...jane, name: 'Kim Lee' };
    const accepted = await t
      .client()
      .post('/api/signup', { ...kim, username: uniqueEmail(), password: 'Jane.Smith2026' });
    expect(accepted.status).toBe(201);
  });

  it('signup: a short or common password answers InvalidPassword', async () => {
    for (const password of ['abc', 'password', null]) {
      const res = await t.client().post('/api/signup', {
        username: uniqueEmail(),
        password,
        name: 'Kim Lee',
        allowMarketing: true,
        ...confirmations,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidPassword', invalidPassword: true });
    }
  });

  it('signup: bad bodies (no name, no consent answer, not over 17, terms not agreed) answer 400 per field', async () => {
    const email = uniqueEmail();
    const res = await t
      .client()
      .post('/api/signup', { username: email, password: 'velvet-harbour', name: ' ', confirmAge: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: {
        name: 'Enter your name',
        allowMarketing: expect.any(String),
        confirmAge: 'Confirm that you are over 17',
        acceptTerms: 'Agree to the terms and privacy policy',
      },
    });
    expect(await t.ctx.db.query('SELECT id FROM accounts WHERE email = $1', [email])).toHaveLength(0);
  });
});

describe('self sign-up with magic links, and email verification (SPEC §4, §5, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { selfSignupEnabled: true, guidedSignupEnabled: true } });
  });
  afterAll(() => t.close());

  it('signup: without passwords, verification is required; the emailed link verifies and signs in once', async () => {
    const email = uniqueEmail();
    const browser = t.client();
    const res = await browser.post('/api/signup', {
      username: email,
      name: 'Sam Park',
      allowMarketing: true,
      ...confirmations,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, verificationRequired: true });
    expect(viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body).isAnonymous).toBe(true);
    const link = linkParams(t.mails[0]?.links?.[0]);
    expect(link).toMatchObject({ path: '/verify-email', email });

    const wrongEmail = await t
      .client()
      .post('/api/verify-email', { username: uniqueEmail(), token: link.token });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body).toMatchObject({ error: 'LinkInvalid' });

    const verified = await browser.post('/api/verify-email', { username: email, token: link.token });
    expect(verified.status).toBe(200);
    expect(verifyEmailEndpoint.response.parse(verified.body).account).toMatchObject({
      email,
      emailIsVerified: true,
    });
    expect(viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body).isAnonymous).toBe(false);

    // Single use: opening it again signs nobody in.
    const again = t.client();
    const replay = await again.post('/api/verify-email', { username: email, token: link.token });
    expect(replay.body).toMatchObject({ success: true, message: 'Your email address is already verified.' });
    expect(replay.body).not.toHaveProperty('account');
    expect(again.sessionCookie()).toBeUndefined();
  });

  it('verify-email: an expired link answers isExpired', async () => {
    const email = uniqueEmail();
    await t
      .client()
      .post('/api/signup', { username: email, name: 'Sam Park', allowMarketing: true, ...confirmations });
    const link = linkParams(t.mails[0]?.links?.[0]);
    await t.ctx.db.query("UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE email = $1", [
      email,
    ]);
    const res = await t.client().post('/api/verify-email', { username: email, token: link.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, isExpired: true });
  });

  it('request-verification-resend: sends once per window, then the §5 message until the window passes', async () => {
    const created = await t.partner('POST', '/members', {
      email: uniqueEmail('unverified'),
      name: 'Uma Verify',
      password: 'velvet-harbour',
      emailVerified: false,
    });
    const email = (created.body as { member: { email: string } }).member.email;
    const browser = t.client();
    await browser.post('/api/login', { username: email, password: 'velvet-harbour' });
    const first = await browser.post('/api/request-verification-resend', {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true });
    expect(t.mails[0]?.to).toBe(email);
    const viewer = viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
    expect(viewer.account?.emailVerificationRequestResendAvailable).toBe(false);

    const mailsBefore = t.mails.length;
    const second = await browser.post('/api/request-verification-resend', {});
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({
      success: false,
      message: "Wait a few more minutes as we've recently sent the email",
    });
    expect(t.mails.length).toBe(mailsBefore);

    await t.ctx.db.query(
      "UPDATE accounts SET verification_sent_at = now() - interval '11 minutes' WHERE email = $1",
      [email],
    );
    expect((await browser.post('/api/request-verification-resend', {})).status).toBe(200);
  });

  it('request-verification-resend: needs sign-in, and a verified member is told so', async () => {
    const anonymous = await t.client().post('/api/request-verification-resend', {});
    expect(anonymous.status).toBe(401);
    const member = await t.signedInMember();
    const verified = await member.client.post('/api/request-verification-resend', {});
    expect(verified.status).toBe(400);
    expect(verified.body).toMatchObject({ message: 'Your email address is already verified.' });
  });

  it('guided signup: the store form emails a completion link; complete-signup verifies and signs in, once', async () => {
    const email = uniqueEmail('guided');
    const res = await t.client().post('/api/guided-signup', {
      username: email,
      name: 'Gwen Store',
      allowMarketing: true,
      allowMarketingWhatsApp: true,
      telephoneNumber: '07700 900123',
      storeToken: 'regent-street',
      ...confirmations,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, emailSent: true });
    const link = linkParams(t.mails[0]?.links?.[0]);
    expect(link).toMatchObject({ path: '/complete-signup', email });
    // The member's own browser, not the store's: the page's button sends `confirmed`.
    const browser = t.client();
    const done = await browser.post('/api/complete-signup', {
      username: email,
      password: null,
      token: link.token,
      confirmed: true,
    });
    expect(done.status).toBe(200);
    expect(completeSignupEndpoint.response.parse(done.body).account).toMatchObject({
      email,
      emailIsVerified: true,
      membership: { marketingConsent: 'consent', marketingConsentWhatsApp: 'consent' },
    });
    const sources = await t.ctx.db.query<{ source: string }>(
      'SELECT DISTINCT source FROM marketing_consents mc JOIN accounts a ON a.id = mc.account_id WHERE a.email = $1',
      [email],
    );
    expect(sources).toEqual([{ source: 'guided-signup:regent-street' }]);
    const replay = await t
      .client()
      .post('/api/complete-signup', { username: email, password: null, token: link.token, confirmed: true });
    expect(replay.status).toBe(409);
    const duplicate = await t
      .client()
      .post('/api/guided-signup', { username: email, name: 'G', allowMarketing: false, ...confirmations });
    expect(duplicate.body).toMatchObject({ error: 'UserAlreadyExists' });
  });

  it('complete-signup: a made-up token answers LinkInvalid', async () => {
    const res = await t
      .client()
      .post('/api/complete-signup', { username: uniqueEmail(), password: null, token: 'A'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'LinkInvalid' });
  });
});

describe('sign-up rate limit (DESIGN: requests that send email are limited)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { selfSignupEnabled: true, emailLinkLimits: { perEmail: 5, perAddress: 2, windowMinutes: 60 } },
    });
  });
  afterAll(() => t.close());

  it('signup: one address may start only so many sign-ups; then a 429 with Retry-After, and nothing is created', async () => {
    const signUp = (email: string) =>
      t
        .client()
        .post('/api/signup', { username: email, name: 'Many', allowMarketing: false, ...confirmations });
    expect((await signUp(uniqueEmail())).status).toBe(201);
    expect((await signUp(uniqueEmail())).status).toBe(201);
    const email = uniqueEmail();
    const third = await signUp(email);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.body).toMatchObject({ success: false, error: 'TooManyRequests' });
    expect(await t.ctx.db.query('SELECT 1 FROM accounts WHERE email = $1', [email])).toEqual([]);
    expect(t.mails.filter((mail) => mail.to === email)).toEqual([]);
  });
});
