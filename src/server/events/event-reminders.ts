import type { AppContext } from '../app-context.ts';
import { runEvery } from '../jobs/run-every.ts';
import { enqueueEventMails } from './event-mails.ts';
import { type EventRow, eventSelect } from './event-rules.ts';

/**
 * The day-before reminder to every member attending an event starting within the next 24 hours:
 * each answer is claimed (reminder_sent_at set, rows another server holds skipped) and its mail
 * written to the outbox in the same transaction, so it goes once however many servers run this.
 * Answers the mails written.
 */
export async function sendEventReminders(ctx: AppContext, batch = 100): Promise<number> {
  let written = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; event_id: string }>(
        `UPDATE event_rsvps SET reminder_sent_at = now()
          WHERE id IN (SELECT r.id FROM event_rsvps r JOIN events e ON e.id = r.event_id
                        WHERE r.status = 'attending' AND r.reminder_sent_at IS NULL AND e.cancelled_at IS NULL
                          AND e.starts_at > now() AND e.starts_at <= now() + interval '24 hours'
                        ORDER BY e.starts_at, r.id LIMIT $1 FOR UPDATE OF r SKIP LOCKED)
          RETURNING id, event_id`,
        [batch],
      );
      for (const eventId of new Set(rows.map((row) => row.event_id))) {
        const [event] = await tx.query<EventRow>(`${eventSelect} WHERE e.id = $1`, [eventId]);
        if (!event) continue;
        const ids = rows.filter((row) => row.event_id === eventId).map((row) => row.id);
        await enqueueEventMails(tx, ctx, event, ids, 'reminder');
      }
      return rows.length;
    });
    written += claimed;
    if (claimed < batch) return written;
  }
}

/** Runs the reminders now and every ten minutes (every app server may: see above). */
export function startEventReminders(ctx: AppContext, everyMs = 10 * 60_000): () => void {
  return runEvery(
    everyMs,
    async () => {
      const reminders = await sendEventReminders(ctx);
      if (reminders) ctx.log.info({ reminders }, 'event reminders written');
    },
    (error) => ctx.log.error({ err: error }, 'event reminder job failed'),
  );
}
