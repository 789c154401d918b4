import { useState } from 'react';
import type { Failure } from '../api.ts';
import staffStyles from '../staff/staff.module.css';
import { useStaffFormat } from '../staff/staff-format.ts';
import { Button } from '../ui/button.tsx';
import styles from './scan.module.css';
import { type ScannedMember, scanApi, useScanWords } from './scan-api.ts';

type Today = NonNullable<ScannedMember['appointmentToday']>;

/**
 * The member's appointment today (the look-up's answer): what, with whom, when in the store's own
 * zone, the note when the role may see it, its status, and "Mark arrived" through the appointments'
 * own audited status endpoint. Mounted per look-up (keyed by the caller), so a new scan starts fresh.
 */
export function AppointmentToday({
  appointment,
  memberName,
  onDone,
  onFailure,
}: {
  appointment: Today;
  memberName: string;
  onDone: (text: string) => void;
  onFailure: (failure: Failure, own: Record<string, string>) => void;
}) {
  const w = useScanWords().appointment;
  const { locale } = useStaffFormat();
  const [status, setStatus] = useState(appointment.status);
  const [busy, setBusy] = useState(false);
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: appointment.store.timeZone });

  const markArrived = async () => {
    setBusy(true);
    const answer = await scanApi.markArrived(appointment.id);
    setBusy(false);
    if (!answer.ok) {
      return onFailure(answer, { AppointmentClosed: w.closed, AppointmentNotFound: w.gone });
    }
    setStatus('arrived');
    onDone(w.markedArrived(memberName));
  };

  return (
    <section className={styles.appointment} aria-labelledby="appointment-today">
      <h3 id="appointment-today">{w.heading}</h3>
      <dl className={`${staffStyles.facts} ${styles.facts}`}>
        <dt>{w.time}</dt>
        <dd>
          {w.at(
            clock.format(new Date(appointment.startsAt)),
            clock.format(new Date(appointment.endsAt)),
            appointment.store.name,
          )}
        </dd>
        <dt>{w.service}</dt>
        <dd>{appointment.service}</dd>
        <dt>{w.stylist}</dt>
        <dd>{appointment.stylist.displayName}</dd>
        {appointment.note ? (
          <>
            <dt>{w.note}</dt>
            <dd>{appointment.note}</dd>
          </>
        ) : null}
        <dt>{w.status}</dt>
        <dd>{status === 'arrived' ? w.arrived : w.booked}</dd>
      </dl>
      {status === 'arrived' ? null : (
        <Button className={styles.arrive} onClick={() => void markArrived()} disabled={busy} block>
          {busy ? w.marking : w.markArrived}
        </Button>
      )}
    </section>
  );
}
