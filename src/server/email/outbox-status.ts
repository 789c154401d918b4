import type { Audit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';

type MailState = 'pending' | 'sent' | 'given-up';

/** What the development mailbox shows of one mail. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  state: MailState;
  createdAt: string;
  sentAt: string | null;
}

/** A mail staff should know about: still retrying after a failure, or given up. Never its body (links). */
interface UndeliveredMail {
  id: string;
  to: string;
  subject: string;
  state: 'retrying' | 'given-up';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  givenUpAt: string | null;
}

export interface MailStatus {
  pending: number;
  sent: number;
  givenUp: number;
  undelivered: UndeliveredMail[];
}

const stateSql = `CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN given_up_at IS NOT NULL THEN 'given-up' ELSE 'pending' END`;

/** The newest mails of the outbox table, for /dev/mailbox. */
export async function listMailbox(db: Queryable, limit = 200): Promise<MailboxEntry[]> {
  const rows = await db.query<{
    id: string;
    email: string;
    subject: string;
    state: MailState;
    created_at: Date;
    sent_at: Date | null;
  }>(
    `SELECT id, email, subject, ${stateSql} AS state, created_at, sent_at
       FROM outbox_mail ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    to: r.email,
    subject: r.subject,
    state: r.state,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
  }));
}

/** One mail's HTML, for /dev/mailbox/:id; undefined when there is no such mail (or it was purged). */
export async function mailHtml(db: Queryable, id: string): Promise<string | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await db.query<{ html: string }>('SELECT html FROM outbox_mail WHERE id = $1', [id]);
  return row?.html;
}

/** Counts by state, and every mail that failed at least once and is not delivered (oldest first). */
export async function mailStatus(db: Queryable, limit = 500): Promise<MailStatus> {
  const [counts] = await db.query<{ pending: number; sent: number; given_up: number }>(
    `SELECT count(*) FILTER (WHERE sent_at IS NULL AND given_up_at IS NULL)::int AS pending,
            count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
            count(*) FILTER (WHERE given_up_at IS NOT NULL)::int AS given_up
       FROM outbox_mail`,
  );
  const rows = await db.query<{
    id: string;
    email: string;
    subject: string;
    attempts: number;
    last_error: string | null;
    created_at: Date;
    next_attempt_at: Date;
    given_up_at: Date | null;
  }>(
    `SELECT id, email, subject, attempts, last_error, created_at, next_attempt_at, given_up_at
       FROM outbox_mail
      WHERE sent_at IS NULL AND (given_up_at IS NOT NULL OR last_error IS NOT NULL)
      ORDER BY given_up_at IS NULL, created_at, id LIMIT $1`,
    [limit],
  );
  return {
    pending: counts?.pending ?? 0,
    sent: counts?.sent ?? 0,
    givenUp: counts?.given_up ?? 0,
    undelivered: rows.map((r) => ({
      id: String(r.id),
      to: r.email,
      subject: r.subject,
      state: r.given_up_at ? 'given-up' : 'retrying',
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at.toISOString(),
      nextAttemptAt: r.given_up_at ? null : r.next_attempt_at.toISOString(),
      givenUpAt: r.given_up_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Staff's "try again": a given-up mail (the SMTP account is fixed, the address corrected…) goes back
 * in the queue with a fresh set of attempts (audited, with the address and subject). Answers false
 * when no given-up mail has that id.
 */
export async function retryGivenUpMail(db: Database, id: string, audit: Audit): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  return db.transaction(async (tx) => {
    const [mail] = await tx.query<{ email: string; subject: string }>(
      `UPDATE outbox_mail SET given_up_at = NULL, attempts = 0, next_attempt_at = now()
        WHERE id = $1 AND given_up_at IS NOT NULL AND sent_at IS NULL RETURNING email, subject`,
      [id],
    );
    if (!mail) return false;
    await audit(tx, {
      subjectEmail: mail.email,
      change: { mailId: id, to: mail.email, subject: mail.subject },
    });
    return true;
  });
}
