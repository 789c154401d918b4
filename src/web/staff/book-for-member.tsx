import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Locale } from '#shared/config.ts';
import { formatAppointmentTime, formatSlotDay } from '#shared/domain/appointment-time.ts';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { slotLabel, useFreeSlots } from './appointment-slots.ts';
import styles from './appointments.module.css';
import {
  appointmentFailure,
  appointmentsConsoleApi,
  type Setup,
  useAppointmentsWords,
} from './appointments-api.ts';
import { useStaffWords } from './staff-context.tsx';

interface Props {
  setup: Setup;
  locale: Locale;
  /** The stylist whose calendar is open: the form starts with them. */
  stylistId: string;
  onBooked: () => void;
}

/** A phone booking: the member's card number, a service, a stylist, a day, a free time and a note. */
export function BookForMember({ setup, locale, stylistId: calendarStylist, onBooked }: Props) {
  const w = useStaffWords();
  const t = useAppointmentsWords().book;
  const a = useAppointmentsWords();
  const noteId = useId();
  const [card, setCard] = useState('');
  const [stylistId, setStylistId] = useState(calendarStylist);
  const [serviceId, setServiceId] = useState('');
  const [day, setDay] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const [cardError, setCardError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => setStylistId(calendarStylist), [calendarStylist]);

  const services = setup.services.filter((s) => s.active && s.stylistIds.includes(stylistId));
  useEffect(() => {
    if (!services.some((s) => s.id === serviceId))
      setServiceId(services.length === 1 ? (services[0]?.id ?? '') : '');
  }, [services, serviceId]);
  const { slots, days } = useFreeSlots(serviceId, stylistId, reload);
  useEffect(() => {
    // While the times load again, the day chosen stays.
    if (days.length === 0) return;
    setDay((current) => (days.some(([key]) => key === current) ? current : (days[0]?.[0] ?? '')));
  }, [days]);
  const daySlots = days.find(([key]) => key === day)?.[1] ?? [];
  useEffect(() => {
    setStartsAt((current) => (daySlots.some((s) => s.startsAt === current) ? current : ''));
  }, [daySlots]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setCardError(card.trim() ? null : t.needCard);
    if (!card.trim() || !startsAt) return;
    setBusy(true);
    const answer = await appointmentsConsoleApi.book({
      loyaltyId: card.trim(),
      serviceId,
      stylistId,
      startsAt,
      note: note.trim(),
    });
    setBusy(false);
    if (!answer.ok) {
      // A time taken meanwhile leaves the list: ask again; other refusals keep the staff's choices.
      if (answer.serverCode === 'SlotTaken') setReload((n) => n + 1);
      const text = appointmentFailure(a, w, answer);
      if (answer.serverCode === 'MemberNotFound') setCardError(text);
      else setNotice({ kind: 'error', text });
      return;
    }
    const booked = answer.data.appointment;
    setNotice({
      kind: 'success',
      text: t.booked(
        booked.member.fullName,
        formatAppointmentTime(booked.startsAt, locale, booked.store.timeZone),
      ),
    });
    setCard('');
    setNote('');
    setStartsAt('');
    setReload((n) => n + 1);
    onBooked();
  }

  return (
    <section className={styles.book} aria-labelledby="book-for-member">
      <h2 id="book-for-member">{t.title}</h2>
      <p className={styles.soft}>{t.intro}</p>
      <form onSubmit={submit} noValidate className={formStyles.form}>
        <TextField
          label={t.card}
          value={card}
          onChange={(event) => setCard(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={cardError}
          required
        />
        <SelectField
          label={t.stylist}
          value={stylistId}
          onChange={(event) => setStylistId(event.target.value)}
          options={setup.stylists.map((s) => [s.id, s.displayName] as const)}
        />
        {services.length === 0 ? (
          <Alert kind="info">{t.noServices}</Alert>
        ) : (
          <SelectField
            label={t.service}
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            options={[['', t.chooseService], ...services.map((s) => [s.id, s.name[locale]] as const)]}
          />
        )}
        {serviceId && slots === null ? <p aria-live="polite">{t.loadingSlots}</p> : null}
        {serviceId && slots?.length === 0 ? <p>{t.noSlots}</p> : null}
        {days.length ? (
          <>
            <SelectField
              label={t.day}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              options={days.map(([key, list]) => {
                const first = list[0];
                return [
                  key,
                  first ? formatSlotDay(first.startsAt, locale, first.store.timeZone) : key,
                ] as const;
              })}
            />
            <SelectField
              label={t.slot}
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
              options={[
                ['', t.chooseSlot],
                ...daySlots.map((s) => [s.startsAt, slotLabel(s, locale, false)] as const),
              ]}
            />
          </>
        ) : null}
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={noteId}>
            {t.note}
          </label>
          <textarea
            id={noteId}
            className={formStyles.input}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
        <Button type="submit" disabled={busy || !startsAt}>
          {busy ? t.booking : t.submit}
        </Button>
      </form>
    </section>
  );
}
