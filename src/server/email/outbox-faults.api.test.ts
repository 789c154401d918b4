import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '#cli/main.ts';
import { serveForCli } from '#tests/support/cli-server.ts';
import { SmtpSink } from '#tests/support/smtp-sink.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openSharedTestDatabase } from '#tests/support/test-database.ts';
import { type MailTransport, smtpTransport } from './mailer.ts';
import { enqueueMail } from './outbox.ts';
import type { MailStatus } from './outbox-status.ts';

/**
 * Fault tests of the outbox: mail servers that hang, are down and come back, or
 * refuse for good. CI runs them on PGlite and on PostgreSQL (the api project runs twice).
 */
const from = '"Members Club" <members@example.com>';
const confirmations = { confirmAge: true, acceptTerms: true };
let apps: TestApp[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  for (const t of apps.splice(0)) await t.close();
  for (const clean of cleanups.splice(0)) await clean();
});

async function app(options: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

let counter = 0;
const uniqueEmail = (what: string) => `${what}-${++counter}-${randomBytes(3).toString('hex')}@example.com`;

/** A TCP server that accepts connections and never says a word (a hung mail server). */
/**
 * An SMTP server that accepts connections and never says a word. `stuck` counts the connections it
 * holds open; `closed` counts those the client gave up on (a time-out), never reset.
 */
async function hungSmtpServer(): Promise<{
  url: string;
  release: () => Promise<void>;
  stuck: () => number;
  closed: () => number;
}> {
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      closed += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stuck: () => sockets.size,
    closed: () => closed,
    // Hangs up on everyone, so the worker's sends fail at once and the app can close.
    release: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function outboxRows(t: TestApp) {
  return t.ctx.db.query<{ email: string; attempts: number; sent_at: Date | null; last_error: string | null }>(
    'SELECT email, attempts, sent_at, last_error FROM outbox_mail ORDER BY id',
  );
}

describe('outbox: no request waits on a mail server', () => {
  it('a mail server that never answers delays no request: invitation, sign-up, guided sign-up, sign-in link and reset answer while the mail worker is stuck on it', async () => {
    const hung = await hungSmtpServer();
    cleanups.push(hung.release);
    const t = await app({
      config: { selfSignupEnabled: true, guidedSignupEnabled: true },
      // Generous time-outs: a request that waited on this server would wait 30 s.
      mailTransport: smtpTransport(hung.url, from, {
        connectionMs: 30_000,
        greetingMs: 30_000,
        socketMs: 30_000,
      }),
    });
    // The hang-up must come before the app closes (it waits for the round in flight).
    apps = apps.filter((a) => a !== t);
    cleanups.unshift(async () => {
      await hung.release();
      await t.close();
    });
    const member = uniqueEmail('member');
    expect((await t.partner('POST', '/members', { email: member, name: 'Kim Lee' })).status).toBe(201);

    const calls = {
      invitation: () => t.partner('POST', '/invites', { email: uniqueEmail('invitee'), name: 'Ann Invitee' }),
      signup: () =>
        t.client().post('/api/signup', {
          username: uniqueEmail('signup'),
          name: 'Sam Signup',
          allowMarketing: false,
          ...confirmations,
        }),
      guidedSignup: () =>
        t.client().post('/api/guided-signup', {
          username: uniqueEmail('guided'),
          name: 'Gwen Store',
          allowMarketing: false,
          ...confirmations,
        }),
      signInLink: () => t.client().post('/api/request-magic-link', { email: member }),
      passwordReset: () => t.client().post('/api/request-password-reset', { username: member }),
    };
    // The first mail sets the worker waiting on the server (30 s time-outs). No assertion on time:
    // each request must answer while that connection is still open and unanswered, which a
    // request that waited for the mail could not do (it would answer only after the time-out).
    for (const call of Object.values(calls)) await call();
    await waitUntil('the mail worker is stuck on the silent server', async () => hung.stuck() > 0);
    const closedBefore = hung.closed();
    for (const [name, call] of Object.entries(calls)) {
      const result = await call();
      expect({ name, status: result.status, workerStillStuck: hung.stuck() > 0 }).toEqual({
        name,
        status: name === 'signInLink' || name === 'passwordReset' ? 200 : 201,
        workerStillStuck: true,
      });
    }
    // No connection to the silent server ended (timed out) while the requests were answered.
    expect(hung.closed()).toBe(closedBefore);
    // Every mail is in the outbox, waiting for the server.
    const rows = await outboxRows(t);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.sent_at === null)).toBe(true);
  });

  it('SMTP down then up: members get their normal answers, and each mail is delivered exactly once when the server is back', async () => {
    // A real SMTP sink, stopped: its port refuses connections.
    const down = new SmtpSink();
    const url = await down.start();
    const port = down.port;
    await down.stop();
    const t = await app({
      config: {
        selfSignupEnabled: true,
        guidedSignupEnabled: true,
        inviteExpiryDays: 1,
        mail: { retryBaseSeconds: 0.1, retryMaxMinutes: 0.01, maxAttempts: 50, pollSeconds: 0.05 },
      },
      mailTransport: smtpTransport(url, from, { connectionMs: 2_000, greetingMs: 2_000, socketMs: 5_000 }),
    });
    const member = uniqueEmail('member');
    await t.partner('POST', '/members', { email: member, name: 'Kim Lee' });
    const invitee = uniqueEmail('invitee');
    const signup = uniqueEmail('signup');
    const guided = uniqueEmail('guided');

    const invited = await t.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email: invitee,
      name: 'Ann Invitee',
    });
    expect(invited.status).toBe(201);
    const joined = await t.client().post('/api/signup', {
      username: signup,
      name: 'Sam Signup',
      allowMarketing: false,
      ...confirmations,
    });
    expect(joined).toMatchObject({ status: 201, body: { success: true, verificationRequired: true } });
    // The in-store sign-up used to commit the account and then fail on SMTP: a 500, then "already exists".
    const inStore = await t.client().post('/api/guided-signup', {
      username: guided,
      name: 'Gwen Store',
      allowMarketing: false,
      ...confirmations,
    });
    expect(inStore).toMatchObject({ status: 201, body: { success: true, emailSent: true } });
    const link = await t.client().post('/api/request-magic-link', { email: member });
    expect(link).toMatchObject({ status: 200, body: { success: true } });
    // An expired invitation link: the fresh one is queued, the member is told so (no LinkExpired).
    const expiredInvitee = uniqueEmail('expired');
    const old = await t.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email: expiredInvitee,
      name: 'Eve Expired',
    });
    await t.ctx.db.query("UPDATE invites SET expires_at = now() - interval '1 minute' WHERE email = $1", [
      expiredInvitee,
    ]);
    const oldToken = new URL(old.body.invite.acceptUrl).searchParams.get('token') ?? '';
    const resent = await t.client().post('/api/accept-invite-status', { token: oldToken });
    expect(resent).toMatchObject({ status: 410, body: { error: 'LinkResent' } });

    // The worker has tried and failed, and keeps the mail for later.
    await waitUntil('every mail failed at least once', async () =>
      (await outboxRows(t)).every((r) => r.attempts >= 1 && r.last_error !== null),
    );
    const waiting = await t.partner<MailStatus>('GET', '/mail');
    expect(waiting.body).toMatchObject({ sent: 0, givenUp: 0 });
    expect(waiting.body.undelivered.every((m) => m.state === 'retrying')).toBe(true);

    // The server comes back on the same port.
    const up = new SmtpSink();
    await up.start(port);
    cleanups.push(() => up.stop());
    const recipients = [invitee, signup, guided, member, expiredInvitee];
    for (const to of recipients) await up.waitFor(to);
    await waitUntil('the outbox is empty of work', async () =>
      (await outboxRows(t)).every((r) => r.sent_at !== null),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const counts = Object.fromEntries(
      recipients.map((to) => [to, up.mails.filter((m) => m.to === to).length]),
    );
    // Each once; the expired invitee has their first invitation and the fresh one.
    expect(counts).toEqual({
      [invitee]: 1,
      [signup]: 1,
      [guided]: 1,
      [member]: 1,
      [expiredInvitee]: 2,
    });
    // The delayed mails work: the in-store customer finishes joining from theirs, on their own
    // device (the page's button, docs/decisions/0048-emailed-links-open-at-once-only.md).
    const completion = new URL((await up.waitFor(guided)).links[0] ?? '');
    const done = await t.client().post('/api/complete-signup', {
      username: guided,
      password: null,
      token: completion.searchParams.get('token'),
      confirmed: true,
    });
    expect(done).toMatchObject({ status: 200, body: { success: true } });
  });
});

describe('outbox: staff see what could not be delivered', () => {
  it('after the last attempt a mail is given up: GET /partner/v1/mail and `mail status` list it without its links, and `mail retry` sends it', async () => {
    let refusing = true;
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        if (refusing) throw new Error('550 5.1.1 mailbox unavailable');
        sent.push(mail.to);
      },
    };
    const t = await app({
      config: { mail: { maxAttempts: 3, retryBaseSeconds: 0, pollSeconds: 0.05 } },
      mailTransport: transport,
    });
    const invitee = uniqueEmail('bounced');
    expect((await t.partner('POST', '/invites', { email: invitee, name: 'Bo Unced' })).status).toBe(201);
    await waitUntil(
      'the mail is given up',
      async () => (await t.partner<MailStatus>('GET', '/mail')).body.givenUp === 1,
    );

    const status = await t.partner<MailStatus>('GET', '/mail');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ pending: 0, sent: 0, givenUp: 1 });
    expect(status.body.undelivered).toEqual([
      expect.objectContaining({
        to: invitee,
        subject: expect.stringContaining('invit'),
        state: 'given-up',
        attempts: 3,
        lastError: '550 5.1.1 mailbox unavailable',
        nextAttemptAt: null,
      }),
    ]);
    // Staff never see the mail's body: it carries the invitation link.
    expect(JSON.stringify(status.body)).not.toContain('token=');

    await serveForCli(t);
    const output: string[] = [];
    const errors: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      expect(await runCli(['mail', 'status'])).toBe(0);
      const printed = output.join('\n');
      expect(printed).toContain('Outbox: 0 waiting, 0 delivered, 1 given up.');
      expect(printed).toMatch(
        new RegExp(`#\\d+ to ${invitee.replace(/[.]/g, '\\.')} .*GIVEN UP .* after 3 attempt`),
      );
      expect(printed).toContain('last error: 550 5.1.1 mailbox unavailable');
      expect(printed).not.toContain('token=');

      // The mailbox is fixed; staff send it again.
      refusing = false;
      const id = status.body.undelivered[0]?.id ?? '';
      expect(await runCli(['mail', 'retry', '--id', id])).toBe(0);
      await waitUntil('the retried mail is delivered', async () => sent.length === 1);
      expect(sent).toEqual([invitee]);
      // The worker records the delivery once the mail server has accepted it, a moment after the
      // stand-in saw it (CI on PostgreSQL read the status in between).
      await waitUntil(
        'the delivery is recorded',
        async () => (await t.partner<MailStatus>('GET', '/mail')).body.sent === 1,
      );
      output.length = 0;
      expect(await runCli(['mail', 'status'])).toBe(0);
      expect(output.join('\n')).toContain('Outbox: 0 waiting, 1 delivered, 0 given up.');
      // Retrying what is not given up is refused clearly.
      expect(await runCli(['mail', 'retry', '--id', id])).toBe(1);
      expect(errors.join('\n')).toContain(`No given-up mail has the id ${id}.`);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('the development mailbox is a view of the outbox table', async () => {
    const t = await app({});
    const invitee = uniqueEmail('mailbox');
    await t.partner('POST', '/invites', { email: invitee, name: 'Mo Box' });
    // The mailbox answers only a browser on this machine (a loopback listener), never an in-process call.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const page = await fetch(`${base}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(invitee);
    const [row] = await t.ctx.db.query<{ id: string }>('SELECT id FROM outbox_mail WHERE email = $1', [
      invitee,
    ]);
    const mail = await fetch(`${base}/dev/mailbox/${row?.id}`);
    expect(mail.status).toBe(200);
    expect(await mail.text()).toContain('/start-signup?token=');
    expect((await fetch(`${base}/dev/mailbox/not-a-number`)).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('outbox on PostgreSQL with several app servers', () => {
  it('two app servers on one schema deliver each of 200 mails exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const { first, second, close } = await openSharedTestDatabase();
    cleanups.push(close);

    const deliveries = new Map<string, number>();
    const byServer = [0, 0];
    const transport = (server: number): MailTransport => ({
      async send(mail) {
        // A little latency, as SMTP has, so the two servers' rounds overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
        deliveries.set(mail.id, (deliveries.get(mail.id) ?? 0) + 1);
        byServer[server] = (byServer[server] ?? 0) + 1;
      },
    });
    const config = { mail: { pollSeconds: 0.02 } };
    const a = await app({ config, db: first, mailTransport: transport(0) });
    const b = await app({ config, db: second, mailTransport: transport(1) });
    await a.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) {
        await enqueueMail(tx, {
          to: `bulk${i}@example.com`,
          subject: `Mail ${i}`,
          html: '<p>hi</p>',
          text: 'hi',
        });
      }
    });
    a.ctx.outbox.wake();
    b.ctx.outbox.wake();
    await waitUntil('all 200 are delivered', async () => {
      const [row] = await a.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NOT NULL',
      );
      return row?.n === 200;
    });
    await Promise.all([a.ctx.outbox.drain(), b.ctx.outbox.drain()]);
    expect(deliveries.size).toBe(200);
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
    // Both servers took part.
    expect(byServer[0]).toBeGreaterThan(0);
    expect(byServer[1]).toBeGreaterThan(0);
    expect((byServer[0] ?? 0) + (byServer[1] ?? 0)).toBe(200);
  });
});
