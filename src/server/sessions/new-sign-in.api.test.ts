import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsEndpoint } from '#shared/api/sessions.ts';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Sessions and devices: "new sign-in to your account" is written once for a browser the member has not signed
 * in on before, never for a known one, and not for the member's very first browser. It is a security
 * notice: sent whatever the member's marketing choices, with no unsubscribe header.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const subject = 'New sign-in to your Members Club account';

const newSignInMails = (to: string) => t.mails.filter((mail) => mail.to === to && mail.subject === subject);

async function signIn(client: TestClient, member: { email: string; password: string }, agent = iphone) {
  const res = await client.post(
    '/api/login',
    { username: member.email, password: member.password },
    { 'user-agent': agent },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function registerPasskey(client: TestClient): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator();
  const options = await client.post<{ options: Parameters<SoftAuthenticator['register']>[0] }>(
    '/api/passkeys/registration-options',
    {},
  );
  const registered = await client.post('/api/passkeys/register', {
    response: authenticator.register(options.body.options),
  });
  expect(registered.status).toBe(200);
  return authenticator;
}

async function signInWithPasskey(client: TestClient, authenticator: SoftAuthenticator) {
  const login = await client.post<{ options: Parameters<SoftAuthenticator['authenticate']>[0] }>(
    '/api/passkeys/login-options',
    { autofill: false },
  );
  return client.post('/api/passkeys/login', { response: authenticator.authenticate(login.body.options) });
}

describe('the new-sign-in email', () => {
  it("is not sent for the member's first browser, nor when that browser signs in again", async () => {
    const member = await t.signedInMember();
    await signIn(member.client, member);
    await member.client.post('/api/logout', {});
    await signIn(member.client, member);
    expect(newSignInMails(member.email)).toHaveLength(0);
  });

  it('is sent once for a new browser, naming it and linking to the security page; not again for it', async () => {
    const member = await t.signedInMember();
    const phone = t.client();
    await signIn(phone, member);
    const mails = newSignInMails(member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain('Safari on iPhone');
    expect(mail?.text).toContain('We had not seen this browser before.');
    expect(mail?.links).toEqual(['http://localhost:3000/help/security']);
    // Transactional: no unsubscribe offer.
    expect(JSON.stringify(mail?.headers ?? {})).not.toMatch(/unsubscribe/i);
    await phone.post('/api/logout', {});
    await signIn(phone, member);
    await signIn(member.client, member);
    expect(newSignInMails(member.email)).toHaveLength(1);
  });

  it('is not sent when the new browser signs in with an emailed link (reading our mail proved the inbox); a password there is told', async () => {
    const member = await t.signedInMember();
    const laptop = t.client();
    await laptop.post('/api/request-magic-link', { email: member.email }, { 'user-agent': iphone });
    const link = t.mails.filter((mail) => mail.to === member.email).at(-1)?.links?.[0] ?? '';
    const token = new URL(link).searchParams.get('token');
    const res = await laptop.post('/api/magic-link', { token, confirmed: true }, { 'user-agent': iphone });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(newSignInMails(member.email)).toHaveLength(0);

    await signIn(
      t.client(),
      member,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    );
    const [mail] = newSignInMails(member.email);
    expect(mail?.text).toContain(
      'Someone has just signed in to your Members Club account using Chrome on Linux, on',
    );
  });

  it('tells a member with a password to change it, and one without to remove passkeys they do not know', async () => {
    const withPassword = await t.signedInMember();
    await signIn(t.client(), withPassword);
    expect(newSignInMails(withPassword.email)[0]?.text).toContain('and change your password.');

    const member = await t.signedInMember();
    const [account] = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [
      member.email,
    ]);
    const authenticator = await registerPasskey(member.client);
    // A member invited by link or passkey never had a password.
    await t.ctx.db.query('UPDATE accounts SET password_hash = NULL WHERE id = $1', [account?.id]);
    expect((await signInWithPasskey(t.client(), authenticator)).status).toBe(200);
    const [mail] = newSignInMails(member.email);
    expect(mail?.text).toContain('remove any passkey you do not recognise.');
    expect(mail?.text).not.toContain('password');
  });

  it('is sent whatever the marketing choice', async () => {
    const member = await t.signedInMember();
    await t.ctx.db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
       SELECT id, 'email', 'decline', 'test' FROM accounts WHERE email = $1`,
      [member.email],
    );
    await signIn(t.client(), member);
    expect(newSignInMails(member.email)).toHaveLength(1);
  });

  it('is written once when one new browser signs in five times at once', async () => {
    const member = await t.signedInMember();
    // The browser gets its id from a sign-in of someone else first, as a shared computer would.
    const shared = t.client();
    const someoneElse = await t.signedInMember();
    await signIn(shared, someoneElse);
    await shared.post('/api/logout', {});
    await Promise.all(Array.from({ length: 5 }, () => signIn(shared, member)));
    expect(newSignInMails(member.email)).toHaveLength(1);
    // Each sign-in started a session of its own; the one the browser kept is live.
    const list = sessionsEndpoint.response.parse((await shared.get('/api/sessions')).body).sessions;
    expect(list.filter((s) => s.current)).toHaveLength(1);
  });

  it('is sent for a new browser signing in with a passkey, and its session names the passkey', async () => {
    const member = await t.signedInMember();
    const authenticator = await registerPasskey(member.client);
    const laptop = t.client();
    const res = await signInWithPasskey(laptop, authenticator);
    expect(res.status).toBe(200);
    expect(newSignInMails(member.email)).toHaveLength(1);
    const list = sessionsEndpoint.response.parse((await laptop.get('/api/sessions')).body).sessions;
    const current = list.find((s) => s.current);
    expect(current?.passkey?.title).toBeTruthy();
    expect(list.filter((s) => s.passkey)).toHaveLength(1);
  });

  it('gives the browser a long-lived HttpOnly id that outlives signing out', async () => {
    const member = await t.signedInMember();
    const browser = t.client();
    const res = await browser.post('/api/login', { username: member.email, password: member.password });
    const set = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
    const id = set.find((line) => line.startsWith('browser='));
    expect(id).toMatch(/HttpOnly/i);
    expect(id).toMatch(/SameSite=Lax/i);
    expect(id).toMatch(/Max-Age=34560000/);
    const out = await browser.post('/api/logout', {});
    const cleared = ([] as string[]).concat(
      (out.headers['set-cookie'] as string[] | string | undefined) ?? [],
    );
    expect(cleared.some((line) => line.startsWith('browser='))).toBe(false);
  });
});
