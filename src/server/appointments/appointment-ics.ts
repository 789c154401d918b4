/**
 * An appointment as an iCalendar file (RFC 5545) that Apple Calendar, Google Calendar and Outlook
 * accept: METHOD REQUEST (a new or moved appointment) or CANCEL, the appointment's stable UID and
 * its SEQUENCE (moved on by each change, so a calendar updates its one event), the times in the
 * store's own zone (TZID) with that zone's VTIMEZONE, the organiser and the member as attendee.
 */
export interface CalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The moment the file is written (DTSTAMP). */
  now: Date;
  productId: string;
}

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${event.productId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    ...timeZoneLines(event.timeZone, event.startsAt),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;TZID=${event.timeZone}:${localStamp(event.startsAt, event.timeZone)}`,
    `DTEND;TZID=${event.timeZone}:${localStamp(event.endsAt, event.timeZone)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${quoteParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value in quotes (a name may hold a comma or colon); quotes themselves cannot appear. */
function quoteParam(value: string): string {
  return `"${value.replace(/"/g, "'")}"`;
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

function utcStamp(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

/** The wall-clock time of an instant in a zone, as a DATE-TIME without Z. */
function localStamp(at: Date, timeZone: string): string {
  return utcStamp(new Date(at.getTime() + offsetMinutes(timeZone, at) * 60_000)).slice(0, -1);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes ("GMT+01:00" is 60). */
function offsetMinutes(timeZone: string, at: Date): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The instants in [from, to) where the zone's offset changes, to the minute. */
function transitions(timeZone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] {
  const found: { at: Date; before: number; after: number }[] = [];
  const day = 86_400_000;
  for (let t = from.getTime(); t < to.getTime(); t += day) {
    const before = offsetMinutes(timeZone, new Date(t));
    const after = offsetMinutes(timeZone, new Date(t + day));
    if (before === after) continue;
    let low = t;
    let high = t + day;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(timeZone, new Date(mid)) === before) low = mid;
      else high = mid;
    }
    found.push({ at: new Date(high), before, after });
  }
  return found;
}

/**
 * The VTIMEZONE of the zone around the event: each offset change of the event's year and the year
 * before, as one observance each (DAYLIGHT when the offset moves ahead of the zone's standard one);
 * a zone without changes is one STANDARD observance.
 */
function timeZoneLines(timeZone: string, at: Date): string[] {
  const year = at.getUTCFullYear();
  const changes = transitions(
    timeZone,
    new Date(Date.UTC(year - 1, 0, 1)),
    new Date(Date.UTC(year + 1, 0, 1)),
  );
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = offsetText(offsetMinutes(timeZone, at));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  }
  const standard = Math.min(...changes.flatMap((change) => [change.before, change.after]));
  for (const change of changes) {
    const kind = change.after > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // The onset in the local time before the change (TZOFFSETFROM).
      `DTSTART:${utcStamp(new Date(change.at.getTime() + change.before * 60_000)).slice(0, -1)}`,
      `TZOFFSETFROM:${offsetText(change.before)}`,
      `TZOFFSETTO:${offsetText(change.after)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
