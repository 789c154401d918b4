import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Failure } from '../api.ts';
import { failureWords, useStaff, useStaffWords } from '../staff/staff-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { AppointmentToday } from './appointment-today.tsx';
import { CameraReader } from './camera-reader.tsx';
import styles from './scan.module.css';
import { type ScannedMember, type Store, scanApi, useScanWords } from './scan-api.ts';
import { ScannedMemberCard } from './scanned-member.tsx';
import { ScannedTicket, type Ticket } from './scanned-ticket.tsx';
import { useScannerKeys } from './use-scanner-keys.ts';

/** The tablet remembers which store it is in. */
const storeKey = 'scan-store';

type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

/**
 * /staff/scan: a member's card read by the camera, a USB scanner or typed; what the role may see of
 * them; their visit recorded with one tap. Made for a tablet at a store's door.
 */
export default function ScanScreen() {
  const w = useScanWords();
  const sw = useStaffWords();
  const { sessionEnded } = useStaff();
  usePageTitle(w.title);
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [member, setMember] = useState<ScannedMember | null>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [visit, setVisit] = useState<'open' | 'recording' | 'recorded'>('open');
  const [stores, setStores] = useState<Store[] | null>(null);
  const [storeId, setStoreId] = useState('');
  const [camera, setCamera] = useState(false);

  const failed = useCallback(
    (failure: Failure, more: Record<string, string> = {}) => {
      if (failure.status === 401) sessionEnded();
      const checkedInAt = failure.details.checkedInAt;
      const own: Record<string, string> = {
        TicketInvalid: w.ticket.invalid,
        NotAttending: w.ticket.notAttending,
        EventCancelled: w.ticket.cancelled,
        ...(typeof checkedInAt === 'string'
          ? {
              AlreadyCheckedIn: w.ticket.already(
                new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
                  timeStyle: 'short',
                  timeZone: String(failure.details.timeZone ?? '') || undefined,
                }).format(new Date(checkedInAt)),
              ),
            }
          : {}),
        CardNotFound: w.notFound,
        UnrecognisedCode: w.unrecognised,
        TooManyRequests: w.tooMany,
        ...more,
      };
      return own[failure.serverCode] ?? failureWords(sw, failure);
    },
    [sessionEnded, sw, w],
  );

  useEffect(() => {
    void scanApi.stores().then((answer) => {
      if (!answer.ok) return setMessage({ kind: 'error', text: failed(answer) });
      const list = answer.data.stores;
      setStores(list);
      const remembered = localStorage.getItem(storeKey);
      const chosen =
        list.find((store) => store.id === remembered) ?? (list.length === 1 ? list[0] : undefined);
      if (chosen) setStoreId(chosen.id);
    });
  }, [failed]);

  const lookUp = useCallback(
    async (raw: string) => {
      const value = raw.trim();
      setCode(value);
      if (value.replace(/\s+/g, '').length < 6) {
        setFieldError(w.tooShort);
        return;
      }
      setFieldError(null);
      setBusy(true);
      setMessage(null);
      const answer = await scanApi.scan(value, storeId);
      setBusy(false);
      setMember(null);
      setTicket(null);
      if (!answer.ok) setMessage({ kind: 'error', text: failed(answer) });
      else if (answer.data.kind === 'ticket') {
        setTicket(answer.data.ticket);
        setMessage({ kind: 'success', text: w.ticket.checkedIn(answer.data.ticket.fullName) });
      } else {
        setMember(answer.data.member);
        setVisit('open');
      }
      // Ready for the next card: the scanner types into the field again.
      setCode('');
      field.current?.focus();
    },
    [failed, w, storeId],
  );
  useScannerKeys(field, (scanned) => void lookUp(scanned));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp(code);
  };

  const record = async () => {
    if (!member) return;
    if (!storeId) return setMessage({ kind: 'error', text: w.chooseStore });
    setVisit('recording');
    const answer = await scanApi.recordVisit({
      visitId: member.visitId,
      loyaltyId: member.loyaltyId,
      storeId,
    });
    if (!answer.ok) {
      setVisit('open');
      return setMessage({ kind: 'error', text: failed(answer) });
    }
    setVisit('recorded');
    const { visit: recorded } = answer.data;
    const time = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      timeStyle: 'short',
    }).format(new Date(recorded.visitedAt));
    setMessage({
      kind: 'success',
      text: answer.data.recorded ? w.recorded(time, recorded.store) : w.alreadyRecorded,
    });
    setMember((shown) =>
      shown && answer.data.recorded ? { ...shown, visits: [recorded, ...shown.visits] } : shown,
    );
    field.current?.focus();
  };

  const chooseStore = (id: string) => {
    setStoreId(id);
    localStorage.setItem(storeKey, id);
  };

  return (
    <div className={styles.screen}>
      <h1>{w.title}</h1>
      <p>{w.intro}</p>
      <div className={styles.controls}>
        {stores === null ? null : stores.length === 0 ? (
          <Alert kind="info">{w.noStores}</Alert>
        ) : (
          <SelectField
            label={w.store}
            value={storeId}
            onChange={(event) => chooseStore(event.target.value)}
            options={[['', '—'], ...stores.map((store) => [store.id, store.name] as const)]}
          />
        )}
        <form className={styles.codeForm} onSubmit={submit} noValidate>
          <TextField
            ref={field}
            label={w.code}
            error={fieldError}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            className={styles.codeInput}
          />
          <Button type="submit" disabled={busy}>
            {busy ? w.looking : w.lookUp}
          </Button>
        </form>
        <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-expanded={camera}>
          {camera ? w.camera.stop : w.camera.start}
        </Button>
      </div>
      {camera ? <CameraReader w={w} onCode={(scanned) => void lookUp(scanned)} /> : null}
      <div aria-live="polite">{message ? <Alert kind={message.kind}>{message.text}</Alert> : null}</div>
      {ticket ? <ScannedTicket ticket={ticket} w={w} /> : null}
      {member ? (
        <ScannedMemberCard
          member={member}
          appointment={
            member.appointmentToday ? (
              <AppointmentToday
                key={member.visitId}
                appointment={member.appointmentToday}
                memberName={member.fullName}
                onDone={(text) => setMessage({ kind: 'success', text })}
                onFailure={(failure, own) => setMessage({ kind: 'error', text: failed(failure, own) })}
              />
            ) : null
          }
        >
          {stores && stores.length > 0 ? (
            <Button className={styles.record} onClick={() => void record()} disabled={visit !== 'open'} block>
              {visit === 'recording' ? w.recording : visit === 'recorded' ? w.visitRecorded : w.record}
            </Button>
          ) : null}
        </ScannedMemberCard>
      ) : null}
    </div>
  );
}
