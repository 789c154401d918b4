import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Mail gateways open every emailed link in a browser that runs scripts. A link opens at
 * once only in the browser that asked for it (its nonce cookie); anywhere else it waits for the
 * member's click (`confirmed`), and until then nothing is spent.
 */
const confirmations = { confirmAge: true, acceptTerms: true };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { trustedProxies: ['127.0.0.1'], selfSignupEnabled: true, guidedSignupEnabled: true },
  });
});
afterAll(() => t.close());

let addressCounter = 0;
function address(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${addressCounter}` };
}

async function isSignedIn(client: TestClient): Promise<boolean> {
  const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
  return !viewer.isAnonymous;
}

function linkTo(email: string, path: string): URL {
  const link = t.mails
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.links ?? [])
    .find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link for ${email}`);
  return new URL(link);
}

/** A member's browser asks for a sign-in link; answers the browser and the emailed token. */
async function askForSignInLink(): Promise<{ browser: TestClient; token: string; email: string }> {
  const { email } = await t.signedInMember();
  const browser = t.client();
  expect((await browser.post('/api/request-magic-link', { email }, address())).status).toBe(200);
  return { browser, token: linkTo(email, '/magic-login').searchParams.get('token') ?? '', email };
}

const waiting = {
  success: true,
  confirmationRequired: true,
  message:
    'This link was opened in another browser than the one that asked for it. Press the button to continue signing in.',
};

describe('sign-in links and mail scanners', () => {
  it('asking for a link sets an HttpOnly, SameSite=Lax nonce cookie, the same answer for a stranger', async () => {
    const member = await t
      .client()
      .post('/api/request-magic-link', { email: (await t.signedInMember()).email }, address());
    const stranger = await t
      .client()
      .post('/api/request-magic-link', { email: `nobody-${Date.now()}@example.com` }, address());
    for (const res of [member, stranger]) {
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^link-browser=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
    }
    expect(stranger.body).toEqual(member.body);
  });

  it('a scanner (another browser, scripts run, no click) spends nothing; the member then signs in at once', async () => {
    const { browser, token, email } = await askForSignInLink();
    const scanner = t.client();
    // The page itself, GET and HEAD: nothing spent.
    expect((await scanner.get(`/magic-login?token=${token}`)).status).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: `/magic-login?token=${token}` });
    expect(head.statusCode).toBe(200);
    // The page's script calls the API: asked to confirm, not signed in.
    const scanned = await scanner.post('/api/magic-link', { token });
    expect(scanned).toMatchObject({ status: 200, body: waiting });
    expect(await isSignedIn(scanner)).toBe(false);
    // Again, as scanners retry: still nothing spent.
    expect((await scanner.post('/api/magic-link', { token })).body).toEqual(waiting);

    const opened = await browser.post('/api/magic-link', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ success: true, account: { email } });
    expect(await isSignedIn(browser)).toBe(true);
    // A used token stays used, for the scanner's click too.
    const late = await scanner.post('/api/magic-link', { token, confirmed: true });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'LinkExpired' });
    expect(await isSignedIn(scanner)).toBe(false);
  });

  it('another browser signs in with the click; the asking browser then finds the link used', async () => {
    const { browser, token, email } = await askForSignInLink();
    const phone = t.client();
    expect((await phone.post('/api/magic-link', { token })).body).toEqual(waiting);
    const clicked = await phone.post('/api/magic-link', { token, confirmed: true });
    expect(clicked.body).toMatchObject({ success: true, account: { email } });
    expect(await isSignedIn(phone)).toBe(true);
    const after = await browser.post('/api/magic-link', { token });
    expect(after).toMatchObject({ status: 400, body: { error: 'LinkExpired' } });
    expect(await isSignedIn(browser)).toBe(false);
  });

  it("the nonce never stands in for the token: an attacker's own nonce, or a made-up one, does not open a member's link", async () => {
    const victim = await askForSignInLink();
    // The attacker asks for a link to the victim's address from their own browser: a nonce of their own.
    const attacker = t.client();
    await attacker.post('/api/request-magic-link', { email: victim.email }, address());
    // That request retired the victim's link (the newest link works, as before) and mailed a new one
    // to the victim's inbox, which the attacker cannot read. Their nonce with the old token: nothing.
    expect((await attacker.post('/api/magic-link', { token: victim.token })).status).toBe(400);
    const fresh = linkTo(victim.email, '/magic-login').searchParams.get('token') ?? '';
    expect(fresh).not.toBe(victim.token);
    // A browser sending a made-up nonce is just another browser.
    const forged = t.client();
    const made = await forged.post(
      '/api/magic-link',
      { token: fresh },
      { cookie: `link-browser=${'A'.repeat(43)}` },
    );
    expect(made.body).toEqual(waiting);
    // A browser sending the victim's nonce but not the token gets nowhere either: a wrong token is unknown.
    expect((await victim.browser.post('/api/magic-link', { token: 'B'.repeat(43) })).status).toBe(400);
    // The attacker's browser, whose nonce the fresh token carries, still has no token: the victim opens it.
    const opened = await victim.browser.post('/api/magic-link', { token: fresh, confirmed: true });
    expect(opened.body).toMatchObject({ success: true, account: { email: victim.email } });
  });

  it('each link a browser asks for opens there at once: a sign-in link and a reset link together', async () => {
    const { browser, email } = await askForSignInLink();
    await browser.post('/api/request-password-reset', { username: email }, address());
    const token = linkTo(email, '/magic-login').searchParams.get('token') ?? '';
    expect((await browser.post('/api/magic-link', { token })).body).toMatchObject({ success: true });
  });
});

describe('verification and sign-up completion links and mail scanners', () => {
  it('verify-email: another browser waits for the click; the browser that signed up verifies at once', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const browser = t.client();
    const joined = await browser.post(
      '/api/signup',
      {
        username: email,
        name: 'Vera Link',
        password: 'velvet-harbour-7',
        allowMarketing: false,
        ...confirmations,
      },
      address(),
    );
    expect(joined.status).toBe(201);
    const link = linkTo(email, '/verify-email');
    const body = { username: email, token: link.searchParams.get('token') };
    const scanner = t.client();
    expect((await scanner.post('/api/verify-email', body)).body).toEqual({
      ...waiting,
      message:
        'This link was opened in another browser than the one that asked for it. Press the button to verify your email address.',
    });
    const verified = await browser.post('/api/verify-email', body);
    expect(verified.body).toMatchObject({ success: true, account: { email, emailIsVerified: true } });
  });

  it('complete-signup: a link asked for in store waits for the click on the member own phone, and works with it', async () => {
    const email = `guided-${Date.now()}@example.com`;
    await t
      .client()
      .post(
        '/api/guided-signup',
        { username: email, name: 'Gil Store', allowMarketing: false, ...confirmations },
        address(),
      );
    const link = linkTo(email, '/complete-signup');
    const body = { username: email, password: null, token: link.searchParams.get('token') };
    const phone = t.client();
    expect((await phone.post('/api/complete-signup', body)).body).toMatchObject({
      confirmationRequired: true,
    });
    expect(await isSignedIn(phone)).toBe(false);
    const done = await phone.post('/api/complete-signup', { ...body, confirmed: true });
    expect(done.body).toMatchObject({ success: true, account: { email, emailIsVerified: true } });
    expect(await isSignedIn(phone)).toBe(true);
  });
});

// PGlite has one connection, so only PostgreSQL shows real races.
describe.runIf(process.env.TEST_DATABASE_URL)('one token, many clicks at once (PostgreSQL)', () => {
  it('100 parallel confirmed uses of one sign-in link: exactly one signs in', async () => {
    const { token } = await askForSignInLink();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.client().post('/api/magic-link', { token, confirmed: true })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(99);
  });

  it('100 parallel confirmed uses of one verification link: exactly one verifies and signs in', async () => {
    const email = `race-${Date.now()}@example.com`;
    await t.client().post(
      '/api/signup',
      {
        username: email,
        name: 'Rae Race',
        password: 'velvet-harbour-7',
        allowMarketing: false,
        ...confirmations,
      },
      address(),
    );
    const token = linkTo(email, '/verify-email').searchParams.get('token');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.client().post('/api/verify-email', { username: email, token, confirmed: true }),
      ),
    );
    const signedIn = answers.filter((answer) => (answer.body as { account?: unknown }).account);
    expect(signedIn).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
  });
});
