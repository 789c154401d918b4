import type { Locale } from '#shared/config.ts';
import type { Queryable } from '../db/database.ts';

/** The member's answers to events for their data export: the event (in `locale`), the answer, when. */
export async function rsvpsForExport(db: Queryable, accountId: string, locale: Locale) {
  const rows = await db.query<{
    title: Record<string, string>;
    starts_at: Date;
    status: string;
    guests: number;
    answered_at: Date;
    checked_in_at: Date | null;
  }>(
    `SELECT e.title, e.starts_at, r.status, r.guests, r.answered_at, r.checked_in_at
       FROM event_rsvps r JOIN events e ON e.id = r.event_id WHERE r.account_id = $1 ORDER BY r.created_at`,
    [accountId],
  );
  return rows.map((r) => ({
    event: r.title[locale] ?? r.title['en-GB'] ?? '',
    startsAt: new Date(r.starts_at).toISOString(),
    answer: r.status,
    guests: r.guests,
    answeredAt: new Date(r.answered_at).toISOString(),
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
  }));
}

/** The events the member was invited to by name (an audience of chosen members), for their data export. */
export async function invitationsForExport(db: Queryable, accountId: string, locale: Locale) {
  const rows = await db.query<{ title: Record<string, string>; starts_at: Date }>(
    `SELECT e.title, e.starts_at FROM event_invitees i JOIN events e ON e.id = i.event_id
      WHERE i.account_id = $1 ORDER BY e.starts_at`,
    [accountId],
  );
  return rows.map((r) => ({
    event: r.title[locale] ?? r.title['en-GB'] ?? '',
    startsAt: new Date(r.starts_at).toISOString(),
  }));
}
