import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts';
import { createTestApp, type TestApp, type TestResponse } from '#tests/support/test-app.ts';

/**
 * Each way of signing in tells the browser which way it was, in a cookie the sign-in
 * page reads (shared/domain/sign-in-method.ts). It holds one word, never the email address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function methodCookie(res: TestResponse): string | undefined {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return lines.find((line) => line.startsWith('sign-in-method='));
}

describe('the sign-in method cookie', () => {
  it('password: "password", readable by the page, for 400 days, without the address', async () => {
    const member = await t.signedInMember();
    const res = await t.client().post('/api/login', { username: member.email, password: member.password });
    const cookie = methodCookie(res);
    expect(cookie).toMatch(/^sign-in-method=password;/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=34560000/);
    expect(cookie).not.toContain(member.email);
    expect(cookie).not.toContain(encodeURIComponent(member.email));
  });

  it('emailed link: "link"', async () => {
    const member = await t.signedInMember();
    const browser = t.client();
    await browser.post('/api/request-magic-link', { email: member.email });
    const link = t.mails.find((mail) => mail.to === member.email && mail.subject.startsWith('Sign in'));
    const token = new URL(link?.links?.[0] ?? 'http://x/').searchParams.get('token');
    const res = await browser.post('/api/magic-link', { token });
    expect(res.status).toBe(200);
    expect(methodCookie(res)).toMatch(/^sign-in-method=link;/);
  });

  it('passkey: "passkey"', async () => {
    const member = await t.signedInMember();
    const authenticator = new SoftAuthenticator();
    const options = await member.client.post<{ options: Parameters<SoftAuthenticator['register']>[0] }>(
      '/api/passkeys/registration-options',
      {},
    );
    await member.client.post('/api/passkeys/register', {
      response: authenticator.register(options.body.options),
    });
    const browser = t.client();
    const login = await browser.post<{ options: Parameters<SoftAuthenticator['authenticate']>[0] }>(
      '/api/passkeys/login-options',
      { autofill: false },
    );
    const res = await browser.post('/api/passkeys/login', {
      response: authenticator.authenticate(login.body.options),
    });
    expect(res.status).toBe(200);
    expect(methodCookie(res)).toMatch(/^sign-in-method=passkey;/);
  });

  it('a failed sign-in leaves it as it was', async () => {
    const member = await t.signedInMember();
    const res = await t.client().post('/api/login', { username: member.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(methodCookie(res)).toBeUndefined();
  });
});
