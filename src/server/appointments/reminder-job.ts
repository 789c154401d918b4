import type { AppContext } from '../app-context.ts';
import { enqueueMail } from '../email/outbox.ts';
import { runEvery } from '../jobs/run-every.ts';
import { appointmentMail } from './appointment-emails.ts';
import { type AppointmentRow, appointmentSelect } from './appointment-rows.ts';

/**
 * The day-before reminder: each booked appointment starting within the next 24 hours is claimed
 * (reminder_sent_at set, rows another server holds skipped) and its email written to the outbox in
 * the same transaction, so it goes once however many servers run this. An appointment booked or
 * moved less than a day before it starts has just had its confirmation: no reminder. Answers the
 * emails written.
 */
export async function sendAppointmentReminders(ctx: AppContext, batch = 100): Promise<number> {
  let written = 0;
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const claimed = await tx.query<{ id: string }>(
        `UPDATE appointments SET reminder_sent_at = now()
          WHERE id IN (SELECT id FROM appointments
                        WHERE status = 'booked' AND reminder_sent_at IS NULL
                          AND starts_at > now() AND starts_at <= now() + interval '24 hours'
                        ORDER BY starts_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, updated_at <= starts_at - interval '24 hours' AS remind`,
        [batch],
      );
      const due = claimed.filter((row) => (row as { remind?: boolean }).remind).map((row) => row.id);
      if (due.length > 0) {
        const rows = await tx.query<AppointmentRow>(`${appointmentSelect} WHERE a.id = ANY($1::uuid[])`, [
          due,
        ]);
        for (const row of rows) {
          const mail = await appointmentMail(ctx.config, ctx.origin, row, 'reminder');
          if (mail) await enqueueMail(tx, mail);
        }
      }
      return { claimed: claimed.length, mailed: due.length };
    });
    written += sent.mailed;
    if (sent.claimed < batch) return written;
  }
}

/** Runs the reminders now and every ten minutes (every app server may: see above). */
export function startAppointmentReminders(ctx: AppContext, everyMs = 10 * 60_000): () => void {
  return runEvery(
    everyMs,
    async () => {
      const reminders = await sendAppointmentReminders(ctx);
      if (reminders) ctx.log.info({ reminders }, 'appointment reminders written');
    },
    (error) => ctx.log.error({ err: error }, 'appointment reminder job failed'),
  );
}
