import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '#tests/support/smtp-sink.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { smtpTransport } from './mailer.ts';

/**
 * SMTP_URL with a user and password: the password and the mail (which carries sign-in links) go
 * over TLS only, unless the URL says otherwise. The sink offers no STARTTLS (smtp-sink.ts), like a
 * misconfigured or tampered-with mail server; PGlite and PostgreSQL.
 */
const from = '"Members Club" <members@example.com>';
const password = `s3cret-${randomBytes(4).toString('hex')}`;
const apps: TestApp[] = [];
const sinks: SmtpSink[] = [];

afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  for (const sink of sinks.splice(0)) await sink.stop();
});

/** An app whose mail goes to a sink without STARTTLS, over `SMTP_URL` = sink + `userinfo` + `query`. */
async function appSendingTo(options: { userinfo: string; query?: string }) {
  const sink = new SmtpSink();
  sinks.push(sink);
  const url = new URL(await sink.start());
  const smtpUrl = `smtp://${options.userinfo}${url.host}${options.query ?? ''}`;
  const t = await createTestApp({
    config: { mail: { retryBaseSeconds: 0.1, retryMaxMinutes: 0.01, maxAttempts: 50, pollSeconds: 0.05 } },
    mailTransport: smtpTransport(smtpUrl, from, { connectionMs: 2_000, greetingMs: 2_000, socketMs: 5_000 }),
  });
  apps.push(t);
  return { t, sink };
}

async function outboxRow(t: TestApp, email: string) {
  const [row] = await t.ctx.db.query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
    'SELECT attempts, sent_at, last_error FROM outbox_mail WHERE email = $1',
    [email],
  );
  return row;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const invitee = () => `tls-${randomBytes(4).toString('hex')}@example.com`;

describe('SMTP with credentials needs TLS', () => {
  it('a password in SMTP_URL and a server that offers no STARTTLS: neither the password nor the mail is sent, and the mail waits in the outbox', async () => {
    const { t, sink } = await appSendingTo({ userinfo: `members-app:${password}@` });
    const to = invitee();
    expect((await t.partner('POST', '/invites', { email: to, name: 'Ann Invitee' })).status).toBe(201);
    // Two attempts: the first failure is no accident of timing, and the worker keeps retrying.
    await waitUntil('the mail has failed twice or gone', async () => {
      const row = await outboxRow(t, to);
      return row?.sent_at != null || ((row?.attempts ?? 0) >= 2 && row?.last_error != null);
    });
    expect(sink.logins).toEqual([]);
    expect(sink.mails).toEqual([]);
    const row = await outboxRow(t, to);
    expect(row?.sent_at).toBeNull();
    // Staff see why in `mail status` (the error names STARTTLS), never the password.
    expect(row?.last_error).toMatch(/STARTTLS/i);
    expect(row?.last_error).not.toContain(password);
  });

  it('with ?requireTLS=false in SMTP_URL (an explicit choice: a relay on the same host) the same server gets the login and the mail', async () => {
    const { t, sink } = await appSendingTo({
      userinfo: `members-app:${password}@`,
      query: '?requireTLS=false',
    });
    const to = invitee();
    expect((await t.partner('POST', '/invites', { email: to, name: 'Ann Invitee' })).status).toBe(201);
    const mail = await sink.waitFor(to);
    expect(mail.links.some((link) => link.includes('/start-signup?token='))).toBe(true);
    expect(sink.logins).toContainEqual({ username: 'members-app', password });
  });

  it('without credentials, a server without STARTTLS gets the mail as before', async () => {
    const { t, sink } = await appSendingTo({ userinfo: '' });
    const to = invitee();
    expect((await t.partner('POST', '/invites', { email: to, name: 'Ann Invitee' })).status).toBe(201);
    await sink.waitFor(to);
    expect(sink.logins).toEqual([]);
  });
});
