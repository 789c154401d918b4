import { useCallback, useEffect, useState } from 'react';
import type { Appointment } from '#shared/api/appointments.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { appointmentsApi } from './api.ts';
import styles from './appointments.module.css';
import { useAppointmentFailureText } from './failure-words.ts';

/**
 * /appointments: the member's upcoming appointments, each with "Change the time" and "Cancel" until
 * the cut-off (then: call the store), and "Book an appointment".
 */
export default function AppointmentsScreen() {
  const m = useMessages().appointments;
  usePageTitle(m.title);
  return (
    <Page narrow>
      <h1>{m.title}</h1>
      <p className={styles.intro}>{m.intro}</p>
      <ButtonLink to="/appointments/book">{m.book}</ButtonLink>
      <div className={styles.upcoming}>
        <UpcomingAppointments headingLevel={2} />
      </div>
    </Page>
  );
}

/** The list itself: also the account page's "Upcoming appointments" section. */
export function UpcomingAppointments({ headingLevel }: { headingLevel: 2 | 3 }) {
  const m = useMessages().appointments;
  const { locale } = useConfig();
  const failureText = useAppointmentFailureText();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: Appointment[]; cutoff: number }
  >({ status: 'loading' });
  const [asking, setAsking] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await appointmentsApi.list(signal);
    if (signal?.aborted) return;
    setState(
      result.ok
        ? { status: 'ready', list: result.data.appointments, cutoff: result.data.changeCutoffHours }
        : { status: 'failed' },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function cancel(id: string) {
    const result = await appointmentsApi.cancel(id);
    setAsking(null);
    setNotice(
      result.ok ? { kind: 'success', text: m.cancelled } : { kind: 'error', text: failureText(result) },
    );
    await load();
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="upcoming-appointments">
      <Heading id="upcoming-appointments">{m.upcoming}</Heading>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {state.status === 'loading' ? <p aria-live="polite">{m.loading}</p> : null}
      {state.status === 'failed' ? <Alert kind="error">{m.loadFailed}</Alert> : null}
      {state.status === 'ready' && state.list.length === 0 ? <p className={styles.meta}>{m.none}</p> : null}
      {state.status === 'ready' && state.list.length > 0 ? (
        <ul className={styles.list}>
          {state.list.map((a) => (
            <li key={a.id} className={styles.item}>
              <strong>{m.withStylist(a.service.name, a.stylist.displayName)}</strong>
              <span>{formatAppointmentTime(a.startsAt, locale, a.store.timeZone)}</span>
              <span className={styles.meta}>{m.where(a.store.name)}</span>
              {a.note ? <span className={styles.meta}>{m.note(a.note)}</span> : null}
              {a.changeable ? (
                asking === a.id ? (
                  <div className={styles.actions}>
                    <span>{m.cancelQuestion}</span>
                    <Button onClick={() => void cancel(a.id)}>{m.cancelConfirm}</Button>
                    <Button variant="secondary" onClick={() => setAsking(null)}>
                      {m.keep}
                    </Button>
                  </div>
                ) : (
                  <div className={styles.actions}>
                    <ButtonLink
                      variant="secondary"
                      to={`/appointments/book?reschedule=${a.id}&service=${a.service.id}&stylist=${a.stylist.id}`}
                    >
                      {m.reschedule}
                    </ButtonLink>
                    <Button variant="secondary" onClick={() => setAsking(a.id)}>
                      {m.cancel}
                    </Button>
                  </div>
                )
              ) : (
                <span className={styles.meta}>{m.callStore(state.cutoff)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
