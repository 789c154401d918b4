import { formatSlotTime } from '#shared/domain/appointment-time.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { queryOne } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { localText } from './event-rules.ts';
import { ticketKey, verifyTicket } from './event-tickets.ts';

interface TicketRow {
  status: string;
  guests: number;
  checked_in_at: Date | null;
  full_name: string;
  loyalty_id: string;
  title: Record<string, string>;
  starts_at: Date;
  time_zone: string;
  cancelled_at: Date | null;
}

const invalid = () => badRequest('TicketInvalid', 'This is not a valid ticket for any event.');

/**
 * Checks in the member a scanned ticket names, once: the MAC is checked first (a forged or altered
 * ticket is 400 TicketInvalid and reads nothing), then one UPDATE … WHERE checked_in_at IS NULL, so
 * of two scans (two doors, a double tap) one checks in and the other hears 409 AlreadyCheckedIn with
 * the time. A cancelled answer or event is a 409 too. Audited in the check-in's transaction.
 */
export async function checkInTicket(ctx: AppContext, code: string, staffId: string, audit: Audit) {
  const named = verifyTicket(await ticketKey(ctx.db), code);
  if (!named) throw invalid();
  return ctx.db.transaction(async (tx) => {
    const select = `SELECT r.status, r.guests, r.checked_in_at, a.full_name, a.loyalty_id, r.account_id,
                           e.title, e.starts_at, e.time_zone, e.cancelled_at
                      FROM event_rsvps r JOIN accounts a ON a.id = r.account_id JOIN events e ON e.id = r.event_id
                     WHERE r.id = $1 AND r.event_id = $2`;
    const updated = await queryOne<{ checked_in_at: Date }>(
      tx,
      `UPDATE event_rsvps r SET checked_in_at = now(), checked_in_by = $3
         FROM events e WHERE e.id = r.event_id AND r.id = $1 AND r.event_id = $2
          AND r.status = 'attending' AND r.checked_in_at IS NULL AND e.cancelled_at IS NULL
       RETURNING r.checked_in_at`,
      [named.rsvpId, named.eventId, staffId],
    );
    const row = await queryOne<TicketRow & { account_id: string }>(tx, select, [named.rsvpId, named.eventId]);
    if (!row) throw invalid();
    const title = localText(row.title, ctx.config.locale);
    if (!updated) {
      if (row.cancelled_at) throw conflict('EventCancelled', `${title} has been cancelled.`);
      if (row.status !== 'attending')
        throw conflict('NotAttending', `${row.full_name} no longer has a place at ${title}.`);
      const at = row.checked_in_at ?? new Date();
      throw conflict(
        'AlreadyCheckedIn',
        `Already checked in at ${formatSlotTime(at, 'en-GB', row.time_zone)}.`,
        {
          checkedInAt: new Date(at).toISOString(),
          timeZone: row.time_zone,
          fullName: row.full_name,
        },
      );
    }
    await audit(tx, {
      memberId: row.account_id,
      change: { event: named.eventId, title: row.title['en-GB'] ?? '', guests: row.guests },
    });
    return {
      event: { title, startsAt: new Date(row.starts_at).toISOString(), timeZone: row.time_zone },
      fullName: row.full_name,
      loyaltyId: row.loyalty_id,
      guests: row.guests,
      checkedInAt: new Date(updated.checked_in_at).toISOString(),
    };
  });
}
