import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInviteResponse } from '#shared/api/joining.ts';
import { linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import { throughProvider } from '#tests/support/oidc-browser.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { developmentTransport } from '../email/mailer.ts';

/** The secret a link carries (its `token` query value). */
function tokenOf(link: string | undefined): string {
  const token = new URL(String(link)).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

describe('secrets and tokens never reach the logs', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logTo: { write: (line) => void logged.push(line) } });
  });
  afterAll(() => t.close());

  it('logs: a sign-in link asked for and followed leaves its token nowhere in the log, at trace level', async () => {
    const { email } = await t.signedInMember();
    // Asked for and opened in the same browser (elsewhere it would wait for a click).
    const browser = t.client();
    const asked = await browser.post('/api/request-magic-link', { email });
    expect(asked.status).toBe(200);
    const link = t.mails.find((mail) => mail.to === email)?.links?.[0];
    const token = tokenOf(link);
    // The browser opens the emailed page (its URL carries the token), then the page spends it.
    await browser.get(new URL(String(link)).pathname + new URL(String(link)).search);
    expect((await browser.post('/api/magic-link', { token })).status).toBe(200);
    // A spent link tried again (the failure path logs too).
    expect((await t.client().post('/api/magic-link', { token })).status).toBeGreaterThanOrEqual(400);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain('/magic-login?token=REDACTED');
    expect(logged.join('\n')).not.toContain(token);
  });

  it('logs: an invitation sent and opened leaves its token nowhere in the log', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const res = await t.partner('POST', '/invites', { email, name: 'Alex Morgan' });
    expect(res.status).toBe(201);
    const { acceptUrl } = createInviteResponse.parse(res.body).invite;
    const token = tokenOf(acceptUrl);
    const browser = t.client();
    await browser.get(`/start-signup?token=${token}`);
    await browser.get(`/start-signup?tok%65n=${token}`);
    expect((await browser.post('/api/accept-invite-status', { token })).status).toBe(200);
    expect(logged.join('\n')).not.toContain(token);
  });

  it('logs: a password-reset link leaves its token nowhere in the log', async () => {
    const { email } = await t.signedInMember();
    await t.client().post('/api/request-password-reset', { username: email });
    const token = tokenOf(t.mails.find((mail) => mail.to === email)?.links?.[0]);
    await t.client().get(`/set-new-password?email=${encodeURIComponent(email)}&token=${token}`);
    expect(logged.join('\n')).not.toContain(token);
  });

  it('logs: a sportswear callback refused by its checks, or whose exchange fails, leaves its code and state nowhere in the log', async () => {
    const member = await t.signedInMember();
    const started = linkWithNikeEndpoint.response.parse(
      (await member.client.post('/api/link-with-nike', {})).body,
    );
    const callback = await throughProvider(String(started.link), {
      redirectUri: 'http://localhost:3000/complete-link-with-nike',
      login: `athlete-${Date.now()}`,
    });
    const code = String(callback.searchParams.get('code'));
    const state = String(callback.searchParams.get('state'));
    const forged = new URLSearchParams(callback.search);
    forged.set('iss', 'https://attacker.example');
    expect(
      (await member.client.post('/api/complete-link-with-nike', { query: forged.toString() })).status,
    ).toBe(400);
    const badCode = new URLSearchParams(callback.search);
    badCode.set('code', `${code}x`);
    expect(
      (await member.client.post('/api/complete-link-with-nike', { query: badCode.toString() })).status,
    ).toBe(400);
    const log = logged.join('\n');
    expect(log).toContain('Nike callback failed its checks');
    expect(log).toContain('Nike code exchange failed');
    expect(log).not.toContain(code.slice(0, 20));
    expect(log).not.toContain(state);
  });

  it('logs: the development outbox names a mail and where to read it, never its links', async () => {
    const lines: string[] = [];
    const transport = developmentTransport((line) => lines.push(line));
    const link = 'http://localhost:3000/magic-login?token=secret-token-0123456789';
    await transport.send({
      id: '1',
      to: 'ada@example.com',
      subject: 'Sign in',
      html: link,
      text: link,
      links: [link],
    });
    expect(lines.join('\n')).toContain('/dev/mailbox');
    expect(lines.join('\n')).not.toContain('secret-token-0123456789');
  });
});
