import { useState } from 'react';
import type { Locale } from '#shared/config.ts';
import { dayInZone, formatAppointmentTime, formatSlotTime } from '#shared/domain/appointment-time.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/form.tsx';
import { slotLabel, useFreeSlots } from './appointment-slots.ts';
import styles from './appointments.module.css';
import {
  appointmentFailure,
  appointmentsConsoleApi,
  type StaffAppointment,
  useAppointmentsWords,
} from './appointments-api.ts';
import staffStyles from './staff.module.css';
import { useStaffWords } from './staff-context.tsx';

interface Props {
  appointment: StaffAppointment;
  locale: Locale;
  /** What an action did (or why it failed), and that the calendar should be read again. */
  onChanged: (notice: { kind: 'success' | 'error'; text: string }, reload: boolean) => void;
}

/** One appointment in a stylist's calendar: who, what, the note and status, and what the desk may do. */
export function AppointmentCard({ appointment: a, locale, onChanged }: Props) {
  const w = useStaffWords();
  const t = useAppointmentsWords();
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'idle' | 'cancel' | 'move'>('idle');
  const zone = a.store.timeZone;
  const span = `${formatSlotTime(a.startsAt, locale, zone)}–${formatSlotTime(a.endsAt, locale, zone)}`;
  const open = a.status === 'booked';
  // Arrived or not is known on the day (or after it), in the store's own day.
  const due = dayInZone(a.startsAt, zone) <= dayInZone(new Date(), zone);

  async function act(
    run: () => ReturnType<typeof appointmentsConsoleApi.cancel>,
    done: (b: StaffAppointment) => string,
  ) {
    setBusy(true);
    const answer = await run();
    setBusy(false);
    setMode('idle');
    if (answer.ok) onChanged({ kind: 'success', text: done(answer.data.appointment) }, true);
    else onChanged({ kind: 'error', text: appointmentFailure(t, w, answer) }, true);
  }

  return (
    <article className={styles.appointment} aria-labelledby={`appointment-${a.id}`}>
      <h4 id={`appointment-${a.id}`} className={styles.who}>
        <span className={styles.time}>{span}</span> {a.member.fullName}
      </h4>
      <dl className={staffStyles.facts}>
        <dt>{t.service}</dt>
        <dd>{a.service}</dd>
        <dt>{t.card}</dt>
        <dd>{a.member.loyaltyId}</dd>
        <dt>{t.note}</dt>
        <dd className={a.note ? undefined : styles.soft}>{a.note || t.noNote}</dd>
        <dt>{t.status}</dt>
        <dd>
          <span className={`${styles.status} ${styles[a.status] ?? ''}`}>{t.statuses[a.status]}</span>{' '}
          <span className={styles.soft}>{t.bookedBy[a.bookedBy]}</span>
        </dd>
      </dl>
      {open && mode === 'idle' ? (
        <div className={styles.actions}>
          {due ? (
            <>
              <Button
                disabled={busy}
                onClick={() =>
                  act(
                    () => appointmentsConsoleApi.mark(a.id, 'arrived'),
                    (b) => t.marked(b.member.fullName, t.statuses[b.status]),
                  )
                }
              >
                {t.markArrived}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  act(
                    () => appointmentsConsoleApi.mark(a.id, 'no-show'),
                    (b) => t.marked(b.member.fullName, t.statuses[b.status]),
                  )
                }
              >
                {t.noShow}
              </Button>
            </>
          ) : null}
          <Button variant="secondary" disabled={busy} onClick={() => setMode('move')}>
            {t.move}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setMode('cancel')}>
            {t.cancel}
          </Button>
        </div>
      ) : null}
      {open && mode === 'cancel' ? (
        <fieldset className={styles.confirm}>
          <legend className={styles.legend}>{t.cancel}</legend>
          <p>{t.cancelSure(a.member.fullName, formatAppointmentTime(a.startsAt, locale, zone))}</p>
          <div className={styles.actions}>
            <Button
              disabled={busy}
              onClick={() =>
                act(
                  () => appointmentsConsoleApi.cancel(a.id),
                  (b) => t.cancelled(b.member.fullName),
                )
              }
            >
              {t.cancelYes}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setMode('idle')}>
              {t.keep}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {open && mode === 'move' ? (
        <MovePicker
          appointment={a}
          locale={locale}
          busy={busy}
          onClose={() => setMode('idle')}
          onMove={(startsAt) =>
            act(
              () => appointmentsConsoleApi.move(a.id, startsAt),
              (b) => t.moved(b.member.fullName, formatAppointmentTime(b.startsAt, locale, b.store.timeZone)),
            )
          }
        />
      ) : null}
    </article>
  );
}

/** The stylist's free times for this appointment's service, to move it to one. */
function MovePicker({
  appointment: a,
  locale,
  busy,
  onClose,
  onMove,
}: {
  appointment: StaffAppointment;
  locale: Locale;
  busy: boolean;
  onClose: () => void;
  onMove: (startsAt: string) => void;
}) {
  const t = useAppointmentsWords();
  // The appointment's own time counts as free (it may move by less than its length), but is no move.
  const { slots: free } = useFreeSlots(a.serviceId, a.stylistId, 0, a.id);
  const own = new Date(a.startsAt).getTime();
  const slots = free?.filter((slot) => new Date(slot.startsAt).getTime() !== own) ?? null;
  const [chosen, setChosen] = useState('');
  if (slots === null) return <p aria-live="polite">{t.book.loadingSlots}</p>;
  return (
    <div className={styles.confirm}>
      {slots.length === 0 ? (
        <p>{t.noFreeSlots}</p>
      ) : (
        <SelectField
          label={t.moveTo}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          options={[
            ['', t.book.chooseSlot],
            ...slots.map((s) => [s.startsAt, slotLabel(s, locale, true)] as const),
          ]}
        />
      )}
      <div className={styles.actions}>
        {slots.length ? (
          <Button disabled={busy || !chosen} onClick={() => onMove(chosen)}>
            {t.moveConfirm}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t.closeMove}
        </Button>
      </div>
    </div>
  );
}
