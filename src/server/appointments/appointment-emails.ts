import type { Config } from '#shared/config.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';
import { calendarFile } from './appointment-ics.ts';
import { type AppointmentRow, localName } from './appointment-rows.ts';

export type AppointmentMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';

/**
 * The member's email about an appointment, with its calendar file: a REQUEST (booked, moved, the
 * reminder: the same event, so a calendar keeps one) or a CANCEL, at the appointment's sequence.
 * Null when the member has no address (nothing to send to).
 */
export async function appointmentMail(
  config: Config,
  origin: string,
  row: AppointmentRow,
  kind: AppointmentMailKind,
  now = new Date(),
): Promise<Mail | null> {
  if (!row.member_email) return null;
  const words = mailWords(config);
  const w = words.appointment;
  const service = localName(row.service_name, config.locale);
  const when = formatAppointmentTime(row.starts_at, config.locale, row.time_zone);
  const firstName = row.member_name.trim().split(/\s+/)[0] || row.member_name;
  const cancelled = kind === 'cancelled';
  const url = cancelled ? `${origin}/appointments/book` : `${origin}/appointments`;
  const mail = await linkMail(config, origin, row.member_email, url, {
    ...w[kind],
    subject: () => w[kind].subject(service, when),
    reason: w.reason,
    paragraphs: [
      words.greeting(firstName),
      w.details(service, row.stylist_name, when),
      w.where(row.store_name, row.store_address),
      ...(row.note ? [w.yourNote(row.note)] : []),
      cancelled ? w.cancelledCalendar : w.calendar,
      ...(cancelled ? [] : [w.change(config.appointments.changeCutoffHours)]),
    ],
  });
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const ics = calendarFile({
    method,
    uid: row.uid,
    sequence: row.sequence,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: row.time_zone,
    summary: w.summary(service, row.stylist_name),
    location: row.store_address ? `${row.store_name}, ${row.store_address}` : row.store_name,
    description: row.note,
    organizer: { name: row.stylist_name, email: row.stylist_email ?? config.emailFrom },
    attendee: { name: row.member_name, email: row.member_email },
    now,
    productId: `-//${config.title.replace(/[\r\n]/g, ' ')}//Appointments//EN`,
  });
  return {
    ...mail,
    attachments: [
      {
        filename: cancelled ? 'cancelled.ics' : 'appointment.ics',
        contentType: `text/calendar; method=${method}; charset=UTF-8`,
        content: ics,
      },
    ],
  };
}
