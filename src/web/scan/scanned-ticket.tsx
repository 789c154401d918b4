import type { ResponseOf } from '#shared/api/descriptor.ts';
import type { scanCode } from '#shared/api/staff-scan-endpoints.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { useConfig } from '../config-context.tsx';
import staffStyles from '../staff/staff.module.css';
import styles from './scan.module.css';
import type { useScanWords } from './scan-api.ts';

export type Ticket = Extract<ResponseOf<typeof scanCode>, { kind: 'ticket' }>['ticket'];

/** An event ticket the scan has just checked in: who, with or without a guest, which event. */
export function ScannedTicket({ ticket, w }: { ticket: Ticket; w: ReturnType<typeof useScanWords> }) {
  const { locale } = useConfig();
  return (
    <section className={`${staffStyles.panel} ${styles.member}`} aria-labelledby="ticket-name">
      <h2 id="ticket-name" className={styles.name}>
        {ticket.fullName}
      </h2>
      <dl className={`${staffStyles.facts} ${styles.facts}`}>
        <dt>{w.ticket.event}</dt>
        <dd>{ticket.event.title}</dd>
        <dt>{w.ticket.when}</dt>
        <dd>{formatAppointmentTime(ticket.event.startsAt, locale, ticket.event.timeZone)}</dd>
        <dt>{w.member.card}</dt>
        <dd>{ticket.loyaltyId}</dd>
        <dt>{w.ticket.guests}</dt>
        <dd>{ticket.guests > 0 ? w.ticket.withGuest : w.ticket.noGuest}</dd>
      </dl>
    </section>
  );
}
