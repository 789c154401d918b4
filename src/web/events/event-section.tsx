import { useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { memberEvents } from '#shared/api/events-endpoints.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { ButtonLink } from '../ui/button.tsx';
import styles from './event-section.module.css';
import { useEventsWords } from './words.ts';

type MemberEvent = ResponseOf<typeof memberEvents>['events'][number];

/**
 * Home's next event (a lazy chunk of its own: Home's first load stays within budget): the soonest
 * one the member is coming to, waiting for, or may still answer. Nothing when there is none.
 */
export default function EventSection() {
  const w = useEventsWords();
  const { locale } = useConfig();
  const [next, setNext] = useState<MemberEvent | null>(null);
  useEffect(() => {
    void call(memberEvents).then((answer) => {
      if (!answer.ok) return;
      const shown = answer.data.events.find(
        (event) =>
          !event.cancelled &&
          (event.mine?.status === 'attending' ||
            event.mine?.status === 'waitlisted' ||
            (!event.closed && event.mine === null)),
      );
      setNext(shown ?? null);
    });
  }, []);
  if (!next) return null;
  const status =
    next.mine?.status === 'attending'
      ? w.home.coming
      : next.mine?.status === 'waitlisted'
        ? w.home.waiting
        : null;
  return (
    <section id="event" className={`${styles.section} no-print`} aria-labelledby="event-heading">
      <p className={styles.eyebrow}>{w.home.heading}</p>
      <h2 id="event-heading">{next.title}</h2>
      <p className={styles.muted}>
        {w.home.on(formatAppointmentTime(next.startsAt, locale, next.timeZone))}
        {status ? ` · ${status}` : ''}
      </p>
      <ButtonLink to="/events" variant="secondary">
        {w.home.see}
      </ButtonLink>
    </section>
  );
}
