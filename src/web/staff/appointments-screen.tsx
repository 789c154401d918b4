import { useCallback, useEffect, useMemo, useState } from 'react';
import { dayInZone, formatSlotTime } from '#shared/domain/appointment-time.ts';
import { schemeTimeZone } from '#shared/domain/date-format.ts';
import { useConfig } from '../config-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { AppointmentCard } from './appointment-card.tsx';
import styles from './appointments.module.css';
import {
  appointmentFailure,
  appointmentsConsoleApi,
  type Calendar,
  type Setup,
  useAppointmentsWords,
} from './appointments-api.ts';
import { BookForMember } from './book-for-member.tsx';
import { useStaff, useStaffWords } from './staff-context.tsx';

type Notice = { kind: 'success' | 'error'; text: string };

/** yyyy-mm-dd moved by whole days (the arithmetic of the calendar's days, not of instants). */
function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * /staff/appointments: a stylist's calendar by day or week, in each store's own time and the
 * console's locale, with what the desk does to an appointment, and a phone booking for a member.
 */
export default function AppointmentsScreen() {
  const w = useStaffWords();
  const t = useAppointmentsWords();
  const { locale } = useConfig();
  const { sessionEnded } = useStaff();
  usePageTitle(t.title);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [stylistId, setStylistId] = useState('');
  const [storeId, setStoreId] = useState('');
  const [days, setDays] = useState<1 | 7>(1);
  const [from, setFrom] = useState('');
  const [calendar, setCalendar] = useState<Calendar | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    void appointmentsConsoleApi.setup().then((answer) => {
      if (answer.ok) {
        setSetup(answer.data);
        const first = answer.data.stylists[0];
        setStylistId(first?.id ?? '');
        setStoreId(first?.hours[0]?.storeId ?? '');
      } else if (answer.status === 401) sessionEnded();
      else setNotice({ kind: 'error', text: appointmentFailure(t, w, answer) });
    });
  }, [sessionEnded, t, w]);

  const store = setup?.stores.find((s) => s.id === storeId);
  const timeZone = store?.timeZone ?? setup?.stores[0]?.timeZone ?? schemeTimeZone(locale);
  const today = dayInZone(new Date(), timeZone);
  const start = from || today;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` reads the calendar again after a change
  useEffect(() => {
    if (!stylistId) return;
    setCalendar(null);
    const controller = new AbortController();
    void appointmentsConsoleApi
      .calendar({ stylistId, from: start, days }, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) setCalendar(answer.data);
        else if (answer.status === 401) sessionEnded();
        else setNotice({ kind: 'error', text: appointmentFailure(t, w, answer) });
      });
    return () => controller.abort();
  }, [stylistId, start, days, reload, sessionEnded, t, w]);

  const dayHeading = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
    [locale],
  );
  const changed = useCallback((next: Notice, again: boolean) => {
    setNotice(next);
    if (again) setReload((n) => n + 1);
  }, []);

  if (!setup) {
    return (
      <>
        <h1>{t.title}</h1>
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : <p aria-live="polite">{w.loading}</p>}
      </>
    );
  }
  const stylist = setup.stylists.find((s) => s.id === stylistId);
  const dayList = Array.from({ length: days }, (_, i) => addDays(start, i));
  const inStore = <T,>(list: T[], storeOf: (item: T) => string) =>
    store ? list.filter((item) => storeOf(item) === store.id) : list;

  return (
    <>
      <h1>{t.title}</h1>
      <p className={styles.soft}>{t.intro}</p>
      {setup.stylists.length === 0 ? <Alert kind="info">{t.noStylists}</Alert> : null}
      {notice ? (
        <div className={styles.notice}>
          <Alert kind={notice.kind}>{notice.text}</Alert>
        </div>
      ) : null}
      {stylist ? (
        <div className={styles.layout}>
          <section aria-labelledby="calendar-heading">
            <h2 id="calendar-heading">{t.calendarOf(stylist.displayName)}</h2>
            <div className={styles.controls}>
              <SelectField
                label={t.stylist}
                value={stylistId}
                onChange={(event) => setStylistId(event.target.value)}
                options={setup.stylists.map((s) => [s.id, s.displayName] as const)}
              />
              <SelectField
                label={t.store}
                value={storeId}
                onChange={(event) => setStoreId(event.target.value)}
                options={[['', t.allStores], ...setup.stores.map((s) => [s.id, s.name] as const)]}
              />
              <SelectField
                label={t.view}
                value={String(days)}
                onChange={(event) => setDays(event.target.value === '7' ? 7 : 1)}
                options={[
                  ['1', t.views.day],
                  ['7', t.views.week],
                ]}
              />
              <TextField
                label={t.from}
                type="date"
                value={start}
                onChange={(event) => setFrom(event.target.value)}
              />
            </div>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setFrom(addDays(start, -days))}>
                {t.previous}
              </Button>
              <Button variant="secondary" onClick={() => setFrom(today)}>
                {t.today}
              </Button>
              <Button variant="secondary" onClick={() => setFrom(addDays(start, days))}>
                {t.next}
              </Button>
            </div>
            {calendar === null ? (
              <p aria-live="polite">{w.loading}</p>
            ) : (
              dayList.map((day) => {
                const spans = inStore(
                  calendar.spans.filter((s) => s.day === day),
                  (s) => s.storeId,
                );
                const list = inStore(
                  calendar.appointments.filter((a) => dayInZone(a.startsAt, a.store.timeZone) === day),
                  (a) => a.store.id,
                );
                return (
                  <section key={day} className={styles.day} aria-labelledby={`day-${day}`}>
                    <h3 id={`day-${day}`}>{dayHeading.format(new Date(`${day}T12:00:00Z`))}</h3>
                    <p className={styles.soft}>
                      {spans.length
                        ? spans
                            .map((s) =>
                              t.works(
                                s.storeName,
                                formatSlotTime(s.opens, locale, s.timeZone),
                                formatSlotTime(s.closes, locale, s.timeZone),
                              ),
                            )
                            .join('; ')
                        : t.dayOff}
                    </p>
                    {list.length === 0 ? (
                      <p>{t.noAppointments}</p>
                    ) : (
                      list.map((a) => (
                        <AppointmentCard key={a.id} appointment={a} locale={locale} onChanged={changed} />
                      ))
                    )}
                  </section>
                );
              })
            )}
          </section>
          <BookForMember
            setup={setup}
            locale={locale}
            stylistId={stylistId}
            onBooked={() => setReload((n) => n + 1)}
          />
        </div>
      ) : null}
    </>
  );
}
