import { useEffect, useMemo, useRef, useState } from 'react';
import type { Slot } from '#shared/api/appointments.ts';
import {
  formatAppointmentTime,
  formatSlotDay,
  formatSlotTime,
  slotsByDay,
} from '#shared/domain/appointment-time.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import choiceStyles from '../ui/choices.module.css';
import { TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { appointmentsApi } from './api.ts';
import styles from './appointments.module.css';
import { useAppointmentFailureText } from './failure-words.ts';

interface Service {
  id: string;
  name: string;
  durationMinutes: number;
  stylists: { id: string; displayName: string; yours: boolean }[];
}

/**
 * /appointments/book: service, then stylist (the member's own personal shopper first), a day, a
 * free time in the store's own time zone, an optional note, confirm. With `?reschedule=<id>` the
 * same screen moves that appointment (its service and stylist stay).
 */
export default function BookAppointmentScreen() {
  const m = useMessages().appointments;
  const { locale } = useConfig();
  const failureText = useAppointmentFailureText();
  const failedRef = useRef(failureText);
  failedRef.current = failureText;
  const [params] = useSearchParams();
  const rescheduling = params.get('reschedule');
  usePageTitle(rescheduling ? m.rescheduleTitle : m.bookTitle);
  const [services, setServices] = useState<Service[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [serviceId, setServiceId] = useState(params.get('service') ?? '');
  const [stylistId, setStylistId] = useState(params.get('stylist') ?? '');
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [day, setDay] = useState('');
  const [slot, setSlot] = useState<Slot | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void appointmentsApi.options(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.ok) return setFailed(true);
      setServices(result.data.services);
      const only = result.data.services.length === 1 ? result.data.services[0] : undefined;
      if (only) setServiceId((current) => current || only.id);
    });
    return () => controller.abort();
  }, []);

  const service = services?.find((s) => s.id === serviceId);
  // The member's own stylist is chosen for them when they offer the service.
  useEffect(() => {
    if (!service || service.stylists.some((s) => s.id === stylistId)) return;
    const first = service.stylists[0];
    if (first && (first.yours || service.stylists.length === 1)) setStylistId(first.id);
  }, [service, stylistId]);

  useEffect(() => {
    setSlots(null);
    setDay('');
    setSlot(null);
    if (!serviceId || !stylistId) return;
    const controller = new AbortController();
    void appointmentsApi
      .slots(
        { serviceId, stylistId, ...(rescheduling ? { appointmentId: rescheduling } : {}) },
        controller.signal,
      )
      .then((result) => {
        if (controller.signal.aborted) return;
        setSlots(result.ok ? result.data.slots : []);
        if (!result.ok) setProblem(failedRef.current(result));
      });
    return () => controller.abort();
  }, [serviceId, stylistId, rescheduling]);

  const days = useMemo(() => slotsByDay(slots ?? []), [slots]);
  const daySlots = days.find(([key]) => key === day)?.[1] ?? [];

  async function confirm() {
    if (!slot) return;
    setBusy(true);
    setProblem(null);
    const result = rescheduling
      ? await appointmentsApi.reschedule(rescheduling, slot.startsAt)
      : await appointmentsApi.book({ serviceId, stylistId, startsAt: slot.startsAt, note: note.trim() });
    setBusy(false);
    if (result.ok) {
      const a = result.data.appointment;
      setDone(
        `${rescheduling ? m.moved : m.booked} ${m.withStylist(a.service.name, a.stylist.displayName)}, ${formatAppointmentTime(a.startsAt, locale, a.store.timeZone)}.`,
      );
      return;
    }
    setProblem(failureText(result));
    if (result.serverCode === 'SlotTaken') {
      setSlots((current) => current?.filter((s) => s.startsAt !== slot.startsAt) ?? null);
      setSlot(null);
    }
  }

  if (done)
    return (
      <Page narrow>
        <h1>{rescheduling ? m.rescheduleTitle : m.bookTitle}</h1>
        <Alert kind="success">{done}</Alert>
        <Link to="/appointments">{m.seeAll}</Link>
      </Page>
    );

  return (
    <Page narrow>
      <div className={formStyles.form}>
        <h1>{rescheduling ? m.rescheduleTitle : m.bookTitle}</h1>
        {failed ? <Alert kind="error">{m.loadFailed}</Alert> : null}
        {services === null && !failed ? <p aria-live="polite">{m.loading}</p> : null}
        {services?.length === 0 ? <Alert kind="info">{m.noServices}</Alert> : null}
        {services && services.length > 0 && !rescheduling ? (
          <fieldset className={styles.choices}>
            <legend>{m.serviceLegend}</legend>
            {services.map((s) => (
              <label key={s.id} className={choiceStyles.choice}>
                <input
                  type="radio"
                  name="service"
                  checked={serviceId === s.id}
                  onChange={() => setServiceId(s.id)}
                />
                <span>
                  {s.name} ({m.minutes(s.durationMinutes)})
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {service && !rescheduling ? (
          <fieldset className={styles.choices}>
            <legend>{m.stylistLegend}</legend>
            {service.stylists.map((s) => (
              <label key={s.id} className={choiceStyles.choice}>
                <input
                  type="radio"
                  name="stylist"
                  checked={stylistId === s.id}
                  onChange={() => setStylistId(s.id)}
                />
                <span>{s.yours ? `${s.displayName}, ${m.yourShopper}` : s.displayName}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {serviceId && stylistId && slots === null ? <p aria-live="polite">{m.loading}</p> : null}
        {slots && slots.length === 0 ? <Alert kind="info">{m.noSlots}</Alert> : null}
        {days.length > 0 ? (
          <fieldset className={styles.choices}>
            <legend>{m.dayLegend}</legend>
            <ul className={styles.days}>
              {days.map(([key, list]) => (
                <li key={key}>
                  <Button
                    className={styles.day}
                    variant={day === key ? 'primary' : 'secondary'}
                    aria-pressed={day === key}
                    onClick={() => {
                      setDay(key);
                      setSlot(null);
                    }}
                  >
                    {formatSlotDay(list[0]?.startsAt ?? key, locale, list[0]?.store.timeZone ?? 'UTC')}
                  </Button>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {daySlots.length > 0 ? (
          <fieldset className={styles.choices}>
            <legend>{m.timeLegend}</legend>
            <p className={styles.meta}>{m.timesIn(daySlots[0]?.store.name ?? '')}</p>
            <ul className={styles.slots}>
              {daySlots.map((s) => (
                <li key={s.startsAt}>
                  <Button
                    className={styles.slot}
                    variant={slot?.startsAt === s.startsAt ? 'primary' : 'secondary'}
                    aria-pressed={slot?.startsAt === s.startsAt}
                    onClick={() => setSlot(s)}
                  >
                    {formatSlotTime(s.startsAt, locale, s.store.timeZone)}
                  </Button>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {slot ? (
          <>
            <p className={styles.summary} aria-live="polite">
              <strong>{formatAppointmentTime(slot.startsAt, locale, slot.store.timeZone)}</strong>
              <br />
              {m.where(slot.store.name)}
            </p>
            {rescheduling ? null : (
              <TextField
                label={m.noteLabel}
                hint={m.noteHint}
                name="note"
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </>
        ) : null}
        {problem ? <Alert kind="error">{problem}</Alert> : null}
        {slot ? (
          <Button block disabled={busy} onClick={() => void confirm()}>
            {busy ? m.sending : rescheduling ? m.confirmMove : m.confirm}
          </Button>
        ) : null}
        <Link to="/appointments">{m.back}</Link>
      </div>
    </Page>
  );
}
