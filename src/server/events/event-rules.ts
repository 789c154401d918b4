/** Whether a path's id can be an event's (anything else is a 404 before the database sees it). */
export function isEventId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * SQL: whether the member ($account, of discount level $level) is in the audience of event `e`.
 * Used in every member read and write, so a member outside it meets a 404 and learns nothing.
 */
export const inAudience = (account: string, level: string) => `(e.audience = 'all'
  OR (e.audience = 'levels' AND ${level}::text = ANY (e.levels))
  OR (e.audience = 'members' AND EXISTS (SELECT 1 FROM event_invitees i WHERE i.event_id = e.id AND i.account_id = ${account})))`;

/** Places an answer takes: the member and their guest. */
export const placesOf = (guests: number) => 1 + guests;

/** The columns members and staff read of an event, with its place and the places taken. */
export const eventSelect = `SELECT e.id, e.title, e.description, e.image_id, e.time_zone, e.starts_at, e.ends_at,
       e.rsvp_deadline, e.capacity, e.guests_allowed, e.audience, e.levels, e.cancelled_at, e.store_id,
       COALESCE(s.name, e.venue_name) AS place_name, COALESCE(s.address, e.venue_address) AS place_address,
       (SELECT COALESCE(sum(1 + r.guests), 0) FROM event_rsvps r
         WHERE r.event_id = e.id AND r.status = 'attending')::int AS taken
  FROM events e LEFT JOIN stores s ON s.id = e.store_id`;

export interface EventRow {
  id: string;
  title: Record<string, string>;
  description: Record<string, string>;
  image_id: string | null;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  rsvp_deadline: Date;
  capacity: number;
  guests_allowed: number;
  audience: 'all' | 'levels' | 'members';
  levels: string[] | null;
  cancelled_at: Date | null;
  store_id: string | null;
  place_name: string;
  place_address: string;
  taken: number;
}

/** A text of the event's in a locale (en-GB when that one is missing). */
export const localText = (texts: Record<string, string>, locale: string) =>
  texts[locale] ?? texts['en-GB'] ?? '';
