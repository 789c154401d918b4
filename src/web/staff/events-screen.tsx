import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import { pathWith } from '#shared/api/endpoint.ts';
import { cancelEvent, createEvent, eventGuestsCsvPath, staffEvents } from '#shared/api/events-endpoints.ts';
import { call } from '../api.ts';
import { useEventsWords } from '../events/words.ts';
import { Link } from '../routing/links.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './staff.module.css';
import { failureWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { stylistsApi } from './stylists-api.ts';
import { TableScroll } from './table-scroll.tsx';

type Event = ResponseOf<typeof staffEvents>['events'][number];
type Lists = { levels: string[]; stores: { id: string; name: string }[] };

/** A moment as a datetime-local input holds it, in this browser's time. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** /staff/events: every event with its places and waitlist; managers create and cancel events. */
export default function EventsScreen() {
  const w = useStaffWords();
  const s = useEventsWords().staff;
  usePageTitle(s.title);
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const manager = useMayDo('manager');
  const [events, setEvents] = useState<Event[] | null>(null);
  const [lists, setLists] = useState<Lists>({ levels: [], stores: [] });
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [asking, setAsking] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await call(staffEvents);
    if (answer.ok) {
      setEvents(answer.data.events);
      setLists({ levels: answer.data.levels, stores: answer.data.stores });
    } else if (answer.status === 401) sessionEnded();
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function cancel(id: string) {
    const answer = await call(cancelEvent, {}, { params: { id } });
    setAsking(null);
    setNotice(
      answer.ok ? { kind: 'success', text: s.cancelled } : { kind: 'error', text: failureWords(w, answer) },
    );
    await load();
  }

  const c = s.columns;
  const n = (value: number) => format.points(value);
  return (
    <>
      <h1>{s.title}</h1>
      <p className={styles.muted}>{s.intro}</p>
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}</div>
      {events === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : events.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <TableScroll label={s.title}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">{c.event}</th>
                <th scope="col">{c.when}</th>
                <th scope="col">{c.who}</th>
                <th scope="col">{c.places}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td data-label={c.event}>
                    <Link to={`/staff/events/${event.id}`}>{event.title[format.locale]}</Link>
                    <br />
                    <span className={styles.muted}>{event.place.name}</span>
                    {event.cancelledAt ? (
                      <>
                        <br />
                        <strong>{s.cancelledOn(format.minute(event.cancelledAt))}</strong>
                      </>
                    ) : null}
                  </td>
                  <td data-label={c.when}>
                    {format.minute(event.startsAt)}
                    <br />
                    <span className={styles.muted}>
                      {s.rsvpDeadline}: {format.minute(event.rsvpDeadline)}
                    </span>
                  </td>
                  <td data-label={c.who}>
                    {event.audience.kind === 'all'
                      ? s.allMembers
                      : event.audience.kind === 'levels'
                        ? s.levels((event.audience.levels ?? []).join(', '))
                        : s.members(n(event.audience.members))}
                  </td>
                  <td data-label={c.places}>
                    {s.places(n(event.taken), n(event.capacity))}
                    <br />
                    <span className={styles.muted}>
                      {s.waitlisted(n(event.waitlisted))}, {s.checkedIn(n(event.checkedIn))}
                    </span>
                    <br />
                    <a href={pathWith(eventGuestsCsvPath, { id: event.id })} download>
                      {s.download}
                    </a>
                    {manager && !event.cancelledAt ? (
                      asking === event.id ? (
                        <>
                          <p>{s.confirmCancel}</p>
                          <Button onClick={() => void cancel(event.id)}>{s.confirmYes}</Button>{' '}
                          <Button variant="secondary" onClick={() => setAsking(null)}>
                            {s.keep}
                          </Button>
                        </>
                      ) : (
                        <div>
                          <Button variant="link" onClick={() => setAsking(event.id)}>
                            {s.cancel}
                          </Button>
                        </div>
                      )
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {manager ? (
        <NewEvent
          lists={lists}
          onCreated={async () => {
            setNotice({ kind: 'success', text: s.created });
            await load();
          }}
        />
      ) : null}
    </>
  );
}

/** The form of a new event (manager). */
function NewEvent({ lists, onCreated }: { lists: Lists; onCreated: () => Promise<void> }) {
  const w = useStaffWords();
  const s = useEventsWords().staff;
  const day = 86_400_000;
  const [form, setForm] = useState(() => ({
    titleEn: '',
    titleDa: '',
    descriptionEn: '',
    descriptionDa: '',
    placeKind: 'store' as 'store' | 'venue',
    storeId: '',
    venueName: '',
    venueAddress: '',
    startsAt: localInput(new Date(Date.now() + 14 * day)),
    endsAt: localInput(new Date(Date.now() + 14 * day + 3 * 3_600_000)),
    rsvpDeadline: localInput(new Date(Date.now() + 10 * day)),
    capacity: '40',
    guestsAllowed: '1',
    audienceKind: 'all' as 'all' | 'levels' | 'members',
    levels: '',
    members: '',
  }));
  const [imageId, setImageId] = useState<string | null>(null);
  const [imageState, setImageState] = useState<'none' | 'uploading' | 'ready' | 'failed'>('none');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const storeId = form.storeId || lists.stores[0]?.id || '';

  async function upload(file: File | undefined) {
    if (!file) return;
    setImageState('uploading');
    const answer = await stylistsApi.upload(file);
    if (answer.ok) {
      setImageId(answer.data.image.id);
      setImageState('ready');
    } else setImageState('failed');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setErrors({});
    const moment = (text: string) => (text ? new Date(text).toISOString() : '');
    const split = (text: string, by: RegExp) =>
      text
        .split(by)
        .map((part) => part.trim())
        .filter(Boolean);
    const audience: RequestOf<typeof createEvent>['audience'] =
      form.audienceKind === 'levels'
        ? { kind: 'levels', levels: split(form.levels, /,/) }
        : form.audienceKind === 'members'
          ? { kind: 'members', members: split(form.members, /[\s,]+/) }
          : { kind: 'all' };
    const answer = await call(createEvent, {
      title: { 'en-GB': form.titleEn, 'da-DK': form.titleDa },
      description: { 'en-GB': form.descriptionEn, 'da-DK': form.descriptionDa },
      imageId,
      place:
        form.placeKind === 'store'
          ? { kind: 'store', storeId }
          : { kind: 'venue', name: form.venueName, address: form.venueAddress },
      startsAt: moment(form.startsAt),
      endsAt: moment(form.endsAt),
      rsvpDeadline: moment(form.rsvpDeadline),
      capacity: Number(form.capacity),
      guestsAllowed: form.guestsAllowed === '1' ? 1 : 0,
      audience,
    });
    setBusy(false);
    if (answer.ok) {
      setForm((current) => ({ ...current, titleEn: '', titleDa: '', descriptionEn: '', descriptionDa: '' }));
      setImageId(null);
      setImageState('none');
      await onCreated();
      return;
    }
    // The server's field names: title.en-GB and the like stay whole; audience.levels.0 is audience.
    const fields: Record<string, string> = {};
    for (const key of Object.keys(answer.fieldErrors)) {
      const field = /^(title|description)\./.test(key) ? key : (key.split('.')[0] ?? key);
      fields[field] = s.fieldWords[field] ?? s.invalid;
    }
    setErrors(fields);
    setFailure(Object.keys(fields).length ? s.invalid : failureWords(w, answer));
  }

  const error = (field: string) => errors[field] ?? null;
  return (
    <section className={styles.panel} aria-labelledby="new-event">
      <h2 id="new-event">{s.create}</h2>
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label={s.titleEn}
          value={form.titleEn}
          onChange={set('titleEn')}
          lang="en"
          error={error('title.en-GB')}
          required
        />
        <TextField
          label={s.titleDa}
          value={form.titleDa}
          onChange={set('titleDa')}
          lang="da"
          error={error('title.da-DK')}
          required
        />
        <TextAreaField
          label={s.descriptionEn}
          value={form.descriptionEn}
          onChange={set('descriptionEn')}
          lang="en"
          error={error('description.en-GB')}
          required
        />
        <TextAreaField
          label={s.descriptionDa}
          value={form.descriptionDa}
          onChange={set('descriptionDa')}
          lang="da"
          error={error('description.da-DK')}
          required
        />
        <div>
          <label className={styles.fileButton}>
            {s.image}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </label>
          <p className={styles.muted} aria-live="polite">
            {imageState === 'uploading' ? s.uploading : imageState === 'ready' ? s.imageReady : s.imageHelp}
          </p>
          {imageState === 'failed' || error('imageId') ? (
            <Alert kind="error">{imageState === 'failed' ? s.imageFailed : error('imageId')}</Alert>
          ) : null}
        </div>
        <SelectField
          label={s.placeKind}
          value={form.placeKind}
          onChange={set('placeKind')}
          options={(['store', 'venue'] as const).map((kind) => [kind, s.placeKinds[kind]] as const)}
        />
        {form.placeKind === 'store' ? (
          <SelectField
            label={s.store}
            value={storeId}
            onChange={set('storeId')}
            error={error('place')}
            options={lists.stores.map((store) => [store.id, store.name] as const)}
          />
        ) : (
          <>
            <TextField
              label={s.venueName}
              value={form.venueName}
              onChange={set('venueName')}
              error={error('place')}
            />
            <TextField label={s.venueAddress} value={form.venueAddress} onChange={set('venueAddress')} />
          </>
        )}
        <TextField
          label={s.startsAt}
          type="datetime-local"
          value={form.startsAt}
          onChange={set('startsAt')}
          error={error('startsAt')}
          required
        />
        <TextField
          label={s.endsAt}
          type="datetime-local"
          value={form.endsAt}
          onChange={set('endsAt')}
          error={error('endsAt')}
          required
        />
        <TextField
          label={s.rsvpDeadline}
          type="datetime-local"
          value={form.rsvpDeadline}
          onChange={set('rsvpDeadline')}
          error={error('rsvpDeadline')}
          required
        />
        <TextField
          label={s.capacity}
          type="number"
          min={1}
          inputMode="numeric"
          value={form.capacity}
          onChange={set('capacity')}
          error={error('capacity')}
          required
        />
        <SelectField
          label={s.guestsAllowed}
          value={form.guestsAllowed}
          onChange={set('guestsAllowed')}
          options={[
            ['0', s.guestOptions.none],
            ['1', s.guestOptions.one],
          ]}
        />
        <SelectField
          label={s.audienceKind}
          value={form.audienceKind}
          onChange={set('audienceKind')}
          options={(['all', 'levels', 'members'] as const).map(
            (kind) => [kind, s.audienceKinds[kind]] as const,
          )}
        />
        {form.audienceKind === 'levels' ? (
          <TextField
            label={s.levelsField}
            value={form.levels}
            onChange={set('levels')}
            hint={s.levelsHint(lists.levels.join(', '))}
            error={error('audience')}
          />
        ) : null}
        {form.audienceKind === 'members' ? (
          <TextAreaField
            label={s.membersField}
            value={form.members}
            onChange={set('members')}
            hint={s.membersHint}
            error={error('audience')}
            spellCheck={false}
          />
        ) : null}
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <Button type="submit" disabled={busy || imageState === 'uploading'}>
          {busy ? s.saving : s.save}
        </Button>
      </form>
    </section>
  );
}
