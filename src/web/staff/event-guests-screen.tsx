import { useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { pathWith } from '#shared/api/endpoint.ts';
import { eventGuests, eventGuestsCsvPath } from '#shared/api/events-endpoints.ts';
import { call } from '../api.ts';
import { useEventsWords } from '../events/words.ts';
import { Link } from '../routing/links.tsx';
import { useParams } from '../routing/routes.tsx';
import { Alert } from '../ui/alert.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './staff.module.css';
import { failureWords, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

type Guests = ResponseOf<typeof eventGuests>;
type Guest = Guests['attending'][number];

/** /staff/events/:id: who is coming (by name, with check-ins) and the waitlist in its order. */
export default function EventGuestsScreen() {
  const { id = '' } = useParams();
  const w = useStaffWords();
  const s = useEventsWords().staff;
  const g = s.guestList;
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const [guests, setGuests] = useState<Guests | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(guests ? g.title(guests.event.title[format.locale]) : s.guests);
  useEffect(() => {
    void call(eventGuests, {}, { params: { id } }).then((answer) => {
      if (answer.ok) setGuests(answer.data);
      else if (answer.status === 401) sessionEnded();
      else setFailure(failureWords(w, answer));
    });
  }, [id, sessionEnded, w]);

  const table = (rows: Guest[], label: string, waitlist: boolean) =>
    rows.length === 0 ? (
      <p className={styles.muted}>{g.none}</p>
    ) : (
      <TableScroll label={label}>
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              {waitlist ? <th scope="col">{g.position}</th> : null}
              <th scope="col">{g.name}</th>
              <th scope="col">{g.card}</th>
              <th scope="col">{g.guest}</th>
              {waitlist ? null : <th scope="col">{g.checkedIn}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.loyaltyId}>
                {waitlist ? <td data-label={g.position}>{format.points(index + 1)}</td> : null}
                <td data-label={g.name}>{row.fullName}</td>
                <td data-label={g.card}>{row.loyaltyId}</td>
                <td data-label={g.guest}>{row.guests > 0 ? g.withGuest : g.noGuest}</td>
                {waitlist ? null : (
                  <td data-label={g.checkedIn}>
                    {row.checkedInAt ? format.minute(row.checkedInAt) : g.notYet}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <>
      <p>
        <Link to="/staff/events">{g.back}</Link>
      </p>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      {guests === null ? (
        failure ? null : (
          <p aria-live="polite">{w.loading}</p>
        )
      ) : (
        <>
          <h1>{g.title(guests.event.title[format.locale])}</h1>
          <p className={styles.muted}>
            {format.minute(guests.event.startsAt)}, {guests.event.place.name}.{' '}
            {s.places(format.points(guests.event.taken), format.points(guests.event.capacity))}
          </p>
          <p>
            <a href={pathWith(eventGuestsCsvPath, { id })} download>
              {s.download}
            </a>
          </p>
          <h2>{g.attending}</h2>
          {table(guests.attending, g.attending, false)}
          <h2>{g.waitlist}</h2>
          {table(guests.waitlist, g.waitlist, true)}
        </>
      )}
    </>
  );
}
