import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import {
  cancelRsvp,
  eventCalendarPath,
  eventTicketGoogleWallet,
  eventTicketPassPath,
  memberEvents,
  rsvp,
  ticketImagePath,
} from '#shared/api/events-endpoints.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { type CallResult, call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClassName } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import { PassWalletBadges } from '../wallet/pass-wallet-badges.tsx';
import styles from './events.module.css';
import { useEventsWords } from './words.ts';

type MemberEvent = ResponseOf<typeof memberEvents>['events'][number];

/** /events: the member's invitations, their answers, the waitlist and the ticket of each event. */
export default function EventsScreen() {
  const w = useEventsWords().page;
  usePageTitle(w.title);
  const [state, setState] = useState<
    { status: 'loading' | 'failed' } | { status: 'ready'; events: MemberEvent[] }
  >({ status: 'loading' });
  useEffect(() => {
    void call(memberEvents).then((answer) =>
      setState(answer.ok ? { status: 'ready', events: answer.data.events } : { status: 'failed' }),
    );
  }, []);
  const replace = useCallback(
    (event: MemberEvent) =>
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', events: current.events.map((e) => (e.id === event.id ? event : e)) }
          : current,
      ),
    [],
  );
  return (
    <Page narrow>
      <h1>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      {state.status === 'loading' ? <p aria-live="polite">{w.loading}</p> : null}
      {state.status === 'failed' ? <Alert kind="error">{w.loadFailed}</Alert> : null}
      {state.status === 'ready' && state.events.length === 0 ? (
        <p className={styles.muted}>{w.none}</p>
      ) : null}
      {state.status === 'ready' && state.events.length > 0 ? (
        <ul className={styles.list}>
          {state.events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} onChange={replace} />
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function EventCard({ event, onChange }: { event: MemberEvent; onChange: (event: MemberEvent) => void }) {
  const w = useEventsWords().page;
  const { locale } = useConfig();
  const failureText = useFailureText();
  const [guest, setGuest] = useState((event.mine?.guests ?? 0) > 0);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const when = (at: string) => formatAppointmentTime(at, locale, event.timeZone);
  const headingId = `event-${event.id}`;

  async function send(request: () => Promise<CallResult<{ event: MemberEvent }>>) {
    setBusy(true);
    setFailure(null);
    const answer = await request();
    setBusy(false);
    setAsking(false);
    if (answer.ok) onChange(answer.data.event);
    else setFailure(w.failures[answer.serverCode] ?? failureText(answer));
  }
  const params = { params: { id: event.id } };
  const answer = (kind: 'yes' | 'waitlist' | 'no') =>
    send(() => call(rsvp, { answer: kind, guests: guest && kind !== 'no' ? 1 : 0 }, params));
  const cancel = () => send(() => call(cancelRsvp, {}, params));
  // The Google save link is signed at the click (nothing stored), then the browser goes to Google.
  const saveToGoogle = async () => {
    setFailure(null);
    const link = await call(eventTicketGoogleWallet, {}, params);
    if (link.ok) window.location.assign(link.data.saveUrl);
    else setFailure(w.failures[link.serverCode] ?? w.googleWalletFailed);
  };

  const mine = event.mine;
  const live = mine?.status === 'attending' || mine?.status === 'waitlisted';
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      {event.image ? (
        <ResponsiveImage
          image={event.image}
          alt=""
          sizes="(max-width: 640px) 100vw, 640px"
          width={640}
          className={styles.image}
        />
      ) : null}
      <div className={styles.body}>
        <h2 id={headingId}>{event.title}</h2>
        <dl className={styles.facts}>
          <dt>{w.when}</dt>
          <dd>{when(event.startsAt)}</dd>
          <dt>{w.where}</dt>
          <dd>{event.place.address ? `${event.place.name}, ${event.place.address}` : event.place.name}</dd>
        </dl>
        <p className={styles.description}>{event.description}</p>
        {event.cancelled ? <Alert kind="info">{w.cancelled}</Alert> : null}
        {!event.cancelled && mine ? (
          <p className={styles.status} aria-live="polite">
            {statusText(w, mine)}
          </p>
        ) : null}
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        {!event.cancelled && mine?.status === 'attending' && mine.ticket ? (
          <section className={styles.ticket} aria-label={w.ticket}>
            <h3>{w.ticket}</h3>
            <img
              className={styles.qr}
              src={ticketImagePath.replace(':id', event.id)}
              alt={w.ticketAlt}
              width={232}
              height={232}
            />
            <p className={styles.muted}>{w.ticketHelp}</p>
            <div className={styles.ticketActions}>
              <a
                className={buttonClassName('secondary')}
                href={eventCalendarPath.replace(':id', event.id)}
                download="event.ics"
              >
                {w.addToCalendar}
              </a>
              <PassWalletBadges
                pass={{
                  appleHref: eventTicketPassPath.replace(':id', event.id),
                  onGoogle: () => void saveToGoogle(),
                  label: w.walletLabel,
                  appleLabel: w.addToAppleWallet,
                  googleLabel: w.addToGoogleWallet,
                }}
              />
            </div>
          </section>
        ) : null}
        {!event.closed && !live ? (
          <>
            <p className={styles.muted}>{w.answerBy(when(event.rsvpDeadline))}</p>
            {event.full ? <p>{w.full}</p> : null}
            {event.guestsAllowed > 0 ? (
              <label className={styles.check}>
                <input type="checkbox" checked={guest} onChange={(e) => setGuest(e.target.checked)} />
                <span>{w.bringGuest}</span>
              </label>
            ) : null}
            <div className={styles.actions}>
              {event.full ? (
                <Button onClick={() => void answer('waitlist')} disabled={busy}>
                  {busy ? w.saving : w.joinWaitlist}
                </Button>
              ) : (
                <Button onClick={() => void answer('yes')} disabled={busy}>
                  {busy ? w.saving : w.yes}
                </Button>
              )}
              {mine?.status === 'declined' ? null : (
                <Button variant="secondary" onClick={() => void answer('no')} disabled={busy}>
                  {w.no}
                </Button>
              )}
            </div>
          </>
        ) : null}
        {!event.closed && live && !mine?.checkedInAt ? (
          asking ? (
            <>
              <p>{w.confirmCancel}</p>
              <div className={styles.actions}>
                <Button variant="primary" onClick={() => void cancel()} disabled={busy}>
                  {busy ? w.saving : w.confirmYes}
                </Button>
                <Button variant="secondary" onClick={() => setAsking(false)}>
                  {w.keep}
                </Button>
              </div>
            </>
          ) : (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setAsking(true)}>
                {mine?.status === 'attending' ? w.cancelPlace : w.leaveWaitlist}
              </Button>
            </div>
          )
        ) : null}
        {event.closed && !event.cancelled && !live ? <p className={styles.muted}>{w.closed}</p> : null}
      </div>
    </article>
  );
}

function statusText(
  w: ReturnType<typeof useEventsWords>['page'],
  mine: NonNullable<MemberEvent['mine']>,
): string {
  if (mine.checkedInAt) return w.checkedIn;
  switch (mine.status) {
    case 'attending':
      return mine.guests > 0 ? w.attendingWithGuest : w.attending;
    case 'waitlisted':
      return w.waitlisted(mine.waitlistPosition ?? 1);
    case 'declined':
      return w.declined;
    default:
      return w.gaveUp;
  }
}
