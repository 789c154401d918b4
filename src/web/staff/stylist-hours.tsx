import { type FormEvent, useMemo, useState } from 'react';
import {
  setException as setExceptionEndpoint,
  setHours as setHoursEndpoint,
} from '#shared/api/staff-appointments-endpoints.ts';
import type { Locale } from '#shared/config.ts';
import { call } from '../api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import styles from './appointments.module.css';
import { appointmentFailure, type Setup, useAppointmentsWords } from './appointments-api.ts';
import { useStaffWords } from './staff-context.tsx';

type Stylist = Setup['stylists'][number];
// A kind of exception is 'off' or the id of the store worked in that day.
type Notice = { kind: 'success' | 'error'; text: string };
interface Day {
  works: boolean;
  storeId: string;
  starts: string;
  ends: string;
}

/** Monday to Sunday (ISO weekdays 1-7) in the console's language. */
function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const name = format.format(new Date(Date.UTC(2024, 0, 1 + i)));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

/** One stylist's usual week (a weekday not worked is a day off) and the days that differ from it. */
export function StylistHours({
  setup,
  stylist,
  locale,
  onSaved,
}: {
  setup: Setup;
  stylist: Stylist;
  locale: Locale;
  onSaved: () => void;
}) {
  const w = useStaffWords();
  const a = useAppointmentsWords();
  const t = a.setup;
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const firstStore = setup.stores[0]?.id ?? '';
  const [week, setWeek] = useState<Day[]>(() =>
    names.map((_, i) => {
      const h = stylist.hours.find((x) => x.weekday === i + 1);
      return h
        ? { works: true, storeId: h.storeId, starts: h.starts, ends: h.ends }
        : { works: false, storeId: firstStore, starts: '10:00', ends: '18:00' };
    }),
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const storeName = (id: string | null) => setup.stores.find((s) => s.id === id)?.name ?? '';
  const set = (i: number, change: Partial<Day>) =>
    setWeek((days) => days.map((d, j) => (j === i ? { ...d, ...change } : d)));

  async function saveWeek(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await call(setHoursEndpoint, {
      stylistId: stylist.id,
      hours: week.flatMap((d, i) =>
        d.works ? [{ weekday: i + 1, storeId: d.storeId, starts: d.starts, ends: d.ends }] : [],
      ),
    });
    setBusy(false);
    setNotice(
      answer.ok
        ? { kind: 'success', text: t.hoursSaved(stylist.displayName) }
        : {
            kind: 'error',
            text: Object.keys(answer.fieldErrors).length ? t.invalid : appointmentFailure(a, w, answer),
          },
    );
    if (answer.ok) onSaved();
  }

  const stores = setup.stores.map((s) => [s.id, s.name] as const);
  return (
    <>
      <form onSubmit={saveWeek} noValidate>
        {week.map((d, i) => (
          <fieldset key={names[i]} className={styles.row}>
            <legend className={styles.rowName}>{names[i]}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={d.works}
                onChange={(e) => set(i, { works: e.target.checked })}
              />
              {t.works}
            </label>
            {d.works ? (
              <div className={styles.rowFields}>
                <SelectField
                  label={t.store}
                  value={d.storeId}
                  onChange={(e) => set(i, { storeId: e.target.value })}
                  options={stores}
                />
                <TextField
                  label={t.starts}
                  type="time"
                  value={d.starts}
                  onChange={(e) => set(i, { starts: e.target.value })}
                />
                <TextField
                  label={t.ends}
                  type="time"
                  value={d.ends}
                  onChange={(e) => set(i, { ends: e.target.value })}
                />
              </div>
            ) : null}
          </fieldset>
        ))}
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? a.busy : t.saveHours}
          </Button>
        </div>
      </form>
      <h3 className={styles.day}>{t.exceptions}</h3>
      <Exceptions setup={setup} stylist={stylist} locale={locale} storeName={storeName} onSaved={onSaved} />
    </>
  );
}

/** The days that differ from the usual week: a day off, or hours (perhaps in another store). */
function Exceptions({
  setup,
  stylist,
  locale,
  storeName,
  onSaved,
}: {
  setup: Setup;
  stylist: Stylist;
  locale: Locale;
  storeName: (id: string | null) => string;
  onSaved: () => void;
}) {
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
    [locale],
  );
  const w = useStaffWords();
  const a = useAppointmentsWords();
  const t = a.setup;
  const [form, setForm] = useState({ day: '', kind: 'off', starts: '10:00', ends: '18:00' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  async function send(body: Parameters<typeof call<typeof setExceptionEndpoint>>[1], done: string) {
    setBusy(true);
    const answer = await call(setExceptionEndpoint, body);
    setBusy(false);
    if (answer.ok) {
      setNotice({ kind: 'success', text: done });
      setInvalid(new Set());
      onSaved();
      return;
    }
    const fields = new Set(Object.keys(answer.fieldErrors));
    setInvalid(fields);
    setNotice({ kind: 'error', text: fields.size ? t.invalid : appointmentFailure(a, w, answer) });
  }

  return (
    <>
      {stylist.exceptions.length === 0 ? (
        <p className={styles.soft}>{t.noExceptions}</p>
      ) : (
        <ul className={styles.exceptions}>
          {stylist.exceptions.map((e) => (
            <li key={e.day}>
              <span>
                <strong>{dayFormat.format(new Date(`${e.day}T12:00:00Z`))}</strong>
                {': '}
                {e.storeId ? t.elsewhere(storeName(e.storeId), e.starts ?? '', e.ends ?? '') : t.dayOff}
              </span>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => send({ stylistId: stylist.id, day: e.day, remove: true }, t.exceptionRemoved)}
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          void send(
            form.kind === 'off'
              ? { stylistId: stylist.id, day: form.day }
              : {
                  stylistId: stylist.id,
                  day: form.day,
                  storeId: form.kind,
                  starts: form.starts,
                  ends: form.ends,
                },
            t.exceptionSaved,
          );
        }}
      >
        <TextField
          label={t.day}
          type="date"
          value={form.day}
          onChange={(e) => setForm({ ...form, day: e.target.value })}
          invalid={invalid.has('day')}
          required
        />
        <SelectField
          label={t.kind}
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value })}
          options={[['off', t.offThatDay], ...setup.stores.map((s) => [s.id, s.name] as const)]}
        />
        {form.kind !== 'off' ? (
          <>
            <TextField
              label={t.starts}
              type="time"
              value={form.starts}
              onChange={(e) => setForm({ ...form, starts: e.target.value })}
            />
            <TextField
              label={t.ends}
              type="time"
              value={form.ends}
              invalid={invalid.has('ends')}
              onChange={(e) => setForm({ ...form, ends: e.target.value })}
            />
          </>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? a.busy : t.saveException}
          </Button>
        </div>
      </form>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
    </>
  );
}
