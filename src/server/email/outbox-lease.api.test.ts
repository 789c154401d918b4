import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import type { MailTransport } from './mailer.ts';
import { createOutbox, enqueueMail, type Outbox } from './outbox.ts';

/**
 * The lease on mail being sent: a worker that died mid-send leaves its mail to another within a
 * minute (it used to wait out five), and a live worker that is still sending keeps its mail however
 * slow the mail server is, so no mail goes out twice. Time passing is the lease moved back in the
 * database (the lease is the database's clock), not a real wait.
 */
const quietLog = { error: () => undefined, warn: () => undefined };
let t: TestApp | undefined;
const outboxes: Outbox[] = [];
const releases: (() => void)[] = [];

afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(outboxes.splice(0).map((outbox) => outbox.stop()));
  await t?.close();
});

/** A mail server that takes the message and answers only when released. */
function slowTransport(): { transport: MailTransport; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    transport: {
      send: (mail) =>
        new Promise<void>((resolve) => {
          releases.push(() => {
            sent.push(mail.id);
            resolve();
          });
        }),
    },
  };
}

function recordingTransport(): { transport: MailTransport; sent: string[] } {
  const sent: string[] = [];
  return { sent, transport: { send: async (mail) => void sent.push(mail.id) } };
}

async function setUp(): Promise<TestApp> {
  t = await createTestApp();
  await t.ctx.outbox.stop();
  await t.ctx.db.transaction((tx) =>
    enqueueMail(tx, { to: 'lease@example.com', subject: 'Lease', html: '<p>hi</p>', text: 'hi' }),
  );
  return t;
}

function worker(app: TestApp, transport: MailTransport, renewEveryMs = 50): Outbox {
  const outbox = createOutbox(app.ctx.db, transport, app.ctx.config.mail, quietLog, { renewEveryMs });
  outboxes.push(outbox);
  return outbox;
}

async function claimed(app: TestApp): Promise<boolean> {
  const [row] = await app.ctx.db.query<{ attempts: number }>('SELECT attempts FROM outbox_mail');
  return row?.attempts === 1;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** As if `seconds` had passed for every lease. */
async function passes(app: TestApp, seconds: number): Promise<void> {
  await app.ctx.db.query(
    'UPDATE outbox_mail SET next_attempt_at = next_attempt_at - make_interval(secs => $1)',
    [seconds],
  );
}

describe('outbox leases', () => {
  it('a worker that died mid-send leaves its mail to another after a minute, not five', async () => {
    const app = await setUp();
    const dying = worker(app, slowTransport().transport);
    dying.start();
    await until(() => claimed(app));
    // The worker dies: it renews nothing from now on (stop() halts renewal at once).
    void dying.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [lease] = await app.ctx.db.query<{ seconds: number }>(
      'SELECT extract(epoch FROM next_attempt_at - now())::float8 AS seconds FROM outbox_mail',
    );
    expect(lease?.seconds).toBeLessThanOrEqual(60);

    await passes(app, 61);
    const other = recordingTransport();
    await worker(app, other.transport).drain();
    expect(other.sent).toHaveLength(1);
  });

  it('a live worker still sending keeps its mail past the lease: nobody else sends it, and it is sent once', async () => {
    const app = await setUp();
    const slow = slowTransport();
    const sending = worker(app, slow.transport);
    sending.start();
    await until(() => claimed(app));

    await passes(app, 61);
    // The live worker renews its lease (every 50 ms here, every 15 s in production).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = recordingTransport();
    await worker(app, other.transport).drain();
    expect(other.sent).toEqual([]);

    for (const release of releases.splice(0)) release();
    await until(async () => {
      const [row] = await app.ctx.db.query<{ sent: boolean }>(
        'SELECT sent_at IS NOT NULL AS sent FROM outbox_mail',
      );
      return row?.sent === true;
    });
    expect(slow.sent).toHaveLength(1);
  });
});
