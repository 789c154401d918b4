import type { Config } from '#shared/config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { metrics } from '../operations/metrics.ts';
import type { Mail, MailAttachment, MailTransport } from './mailer.ts';

/**
 * The transactional outbox. A feature writes its email with enqueueMail inside the transaction of the
 * change that causes it, so the mail exists exactly when the change does; no request waits on SMTP
 * and no SMTP failure reaches a member. The worker below delivers due rows, retries with back-off and
 * gives up after `mail.maxAttempts` (staff see those in `mail status`).
 */
export async function enqueueMail(
  tx: Queryable,
  mail: Mail,
  send = true,
  options: { forgetOnceSent?: boolean } = {},
): Promise<void> {
  // With send false the same statement runs and writes nothing: a request for a stranger then does
  // the work of one for a member (email-link-routes.ts).
  if (send) mailsWritten++;
  await tx.query(
    `INSERT INTO outbox_mail (email, subject, html, body_text, links, forget_once_sent, headers, attachments)
     SELECT $1, $2, $3, $4, $5::jsonb, $7, $8::jsonb, $9::jsonb WHERE $6::boolean`,
    [
      mail.to,
      mail.subject,
      mail.html,
      mail.text,
      JSON.stringify(mail.links ?? []),
      send,
      options.forgetOnceSent ?? false,
      JSON.stringify(mail.headers ?? {}),
      JSON.stringify(mail.attachments ?? []),
    ],
  );
}

/**
 * Mails written by this process so far: a request's response wakes the worker only when the count
 * moved while the request ran (not on every page view).
 */
let mailsWritten = 0;

export function mailsWrittenSoFar(): number {
  return mailsWritten;
}

interface OutboxRow {
  id: string;
  email: string;
  subject: string;
  html: string;
  body_text: string;
  links: string[] | string;
  headers: Record<string, string> | string;
  attachments: MailAttachment[] | string;
  attempts: number;
}

/**
 * A claimed row is leased for a minute, and the worker renews the lease of each row it is still
 * sending every `renewEveryMs`: a live server keeps what it is sending however slow the mail server
 * is (so no other worker sends it too), and the rows of a server that died mid-send are free again
 * within a minute (a sign-in link is only good for a little longer). A renewal names the claim (the
 * row's attempt number), so a row another worker has taken since is never taken back.
 */
const leaseSeconds = 60;

/** How often a worker renews the leases of the rows it is still sending. */
const renewEveryMs = 15_000;

/** Rows claimed per round by one worker. */
const batchSize = 20;

/** How long stopping waits for the round in flight. */
const stopWaitMs = 5_000;

/** Delivered and given-up rows are purged at most this often. */
const purgeEveryMs = 3_600_000;

export interface Outbox {
  /** Starts polling (every `mail.pollSeconds`) and delivers what is due now. */
  start(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
  /** Asks for a delivery round now (staff's retry). */
  wake(): void;
  /** After a response: asks for a round if mail was written since `count` (mailsWrittenSoFar at its start). */
  wakeIfWrittenSince(count: number): void;
  /** Delivers until nothing is due, then resolves (tests; a retry scheduled later is not waited for). */
  drain(): Promise<void>;
}

export function createOutbox(
  db: Database,
  transport: MailTransport,
  config: Config['mail'],
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  options: { renewEveryMs?: number } = {},
): Outbox {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set by stop(): the round in flight finishes its batch and claims no more. */
  let stopping = false;
  let lastPurge = 0;

  /** One round: claim due rows (SKIP LOCKED: other workers take other rows), deliver, record. */
  async function deliverDue(): Promise<number> {
    const claimed = await db.query<OutboxRow>(
      `UPDATE outbox_mail SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        WHERE id IN (SELECT id FROM outbox_mail
                      WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now()
                      ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, email, subject, html, body_text, links, headers, attachments, attempts`,
      [batchSize, leaseSeconds],
    );
    // In parallel: the SMTP transport keeps a small pool of connections, so a round is not a
    // sequence of round trips. Each row is recorded on its own.
    const inFlight = new Map(claimed.map((row) => [String(row.id), row.attempts]));
    const renewal = setInterval(() => void renewLeases(inFlight), options.renewEveryMs ?? renewEveryMs);
    renewal.unref();
    try {
      await Promise.all(claimed.map((row) => deliver(row).finally(() => inFlight.delete(String(row.id)))));
    } finally {
      clearInterval(renewal);
    }
    return claimed.length;
  }

  /** Keeps the rows still being sent leased; a worker that was stopped (or died) renews nothing. */
  async function renewLeases(inFlight: Map<string, number>): Promise<void> {
    if (stopping || inFlight.size === 0) return;
    await db
      .query(
        `UPDATE outbox_mail SET next_attempt_at = now() + make_interval(secs => $3)
          FROM unnest($1::bigint[], $2::int[]) AS claim(id, attempts)
         WHERE outbox_mail.id = claim.id AND outbox_mail.attempts = claim.attempts
           AND outbox_mail.sent_at IS NULL AND outbox_mail.given_up_at IS NULL`,
        [[...inFlight.keys()], [...inFlight.values()], leaseSeconds],
      )
      .catch((error: unknown) => log.warn({ err: error }, 'could not renew the lease of mail being sent'));
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const links = typeof row.links === 'string' ? (JSON.parse(row.links) as string[]) : row.links;
    const headers =
      typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
    const attachments =
      typeof row.attachments === 'string'
        ? (JSON.parse(row.attachments) as MailAttachment[])
        : row.attachments;
    try {
      await transport.send({
        id: String(row.id),
        to: row.email,
        subject: row.subject,
        html: row.html,
        text: row.body_text,
        links,
        headers,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    // A mail that must leave no trace of its recipient (a deletion's confirmation) goes at once;
    // the others are kept mail.retentionDays for /dev/mailbox and support.
    await db.query('DELETE FROM outbox_mail WHERE id = $1 AND forget_once_sent', [row.id]);
    await db.query('UPDATE outbox_mail SET sent_at = now(), last_error = NULL WHERE id = $1', [row.id]);
    metrics.outboxDelivery('sent');
  }

  async function recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= config.maxAttempts;
    // Exponential back-off: base, 2 x base, 4 x base... capped at retryMaxMinutes.
    const delaySeconds = Math.min(
      config.retryBaseSeconds * 2 ** (row.attempts - 1),
      config.retryMaxMinutes * 60,
    );
    await db.query(
      `UPDATE outbox_mail SET last_error = $2,
          given_up_at = CASE WHEN $3::boolean THEN now() END,
          next_attempt_at = now() + make_interval(secs => $4)
        WHERE id = $1`,
      [row.id, message.slice(0, 500), giveUp, delaySeconds],
    );
    metrics.outboxDelivery(giveUp ? 'given-up' : 'failed');
    const context = { mailId: row.id, attempts: row.attempts, err: message };
    if (giveUp) log.error(context, 'email given up after its last attempt (see `mail status`)');
    else log.warn({ ...context, retryInSeconds: delaySeconds }, 'email not delivered; will retry');
  }

  /** Delivered and given-up mails carry sign-in links and addresses: kept retentionDays, then deleted. */
  async function purgeOld(): Promise<void> {
    if (Date.now() - lastPurge < purgeEveryMs) return;
    lastPurge = Date.now();
    await db.query(
      `DELETE FROM outbox_mail
        WHERE COALESCE(sent_at, given_up_at) < now() - make_interval(secs => $1)`,
      [config.retentionDays * 86_400],
    );
  }

  async function rounds(): Promise<void> {
    do {
      again = false;
      while (!stopping && (await deliverDue()) > 0) {
        // A full batch may mean more is due: keep going until a round claims nothing.
      }
    } while (again && !stopping);
    await purgeOld();
  }

  /** Runs rounds unless one is running; a wake during a round asks for one more. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = rounds()
      .catch((error: unknown) => log.error({ err: error }, 'outbox delivery round failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void kick().finally(schedule);
    }, config.pollSeconds * 1000);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      void kick();
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      // Shutting down does not wait out a hung mail server: what is still in flight keeps its lease
      // and is sent again once the lease runs out (by this server after a restart, or another one).
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
    },
    wake() {
      if (!stopped) void kick();
    },
    wakeIfWrittenSince(count) {
      if (!stopped && mailsWritten !== count) void kick();
    },
    async drain() {
      // A round in flight may have started before the caller's mail was committed: run one more.
      while (running) await running;
      stopping = false;
      await kick();
    },
  };
}
