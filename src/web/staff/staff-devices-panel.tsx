import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import type { staffDevices } from '#shared/api/staff-endpoints.ts';
import type { CallResult } from '../api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';

type Devices = ResponseOf<typeof staffDevices>;

/**
 * A staff member's passkeys and sessions (admin): removing a passkey ends the sessions it started;
 * ending a session signs that browser out at once. How a lost device is cut off without waiting for
 * a new enrolment link to be used.
 */
export function StaffDevicesPanel({
  member,
  onClose,
}: {
  member: { id: string; fullName: string };
  onClose: () => void;
}) {
  const w = useStaffWords();
  const d = w.staff.devices;
  const { minute } = useStaffFormat();
  const [devices, setDevices] = useState<Devices | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await staffApi.staffDevices(member.id);
    if (answer.ok) setDevices(answer.data);
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [member.id, w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function run(call: Promise<CallResult<Devices>>, done: string) {
    setNotice(null);
    const answer = await call;
    if (answer.ok) {
      setDevices(answer.data);
      setNotice({ kind: 'success', text: done });
    } else {
      setNotice({ kind: 'error', text: failureWords(w, answer) });
      await load();
    }
  }

  const headingId = `devices-${member.id}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{d.title(member.fullName)}</h2>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {devices === null ? null : (
        <>
          <h3>{d.passkeys}</h3>
          {devices.passkeys.length === 0 ? (
            <p className={styles.muted}>{d.noPasskeys}</p>
          ) : (
            <ul className={styles.list}>
              {devices.passkeys.map((key) => (
                <li key={key.id}>
                  <span>
                    {d.passkeyLine(minute(key.createdAt), key.lastUsedAt ? minute(key.lastUsedAt) : null)}
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => void run(staffApi.revokeStaffPasskey(member.id, key.id), d.passkeyRemoved)}
                  >
                    {d.removePasskey}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <h3>{d.sessions}</h3>
          {devices.sessions.length === 0 ? (
            <p className={styles.muted}>{d.noSessions}</p>
          ) : (
            <ul className={styles.list}>
              {devices.sessions.map((session) => (
                <li key={session.id}>
                  <span>
                    {d.sessionLine(
                      [session.browser, session.os].filter(Boolean).join(' · ') || d.unknownBrowser,
                      minute(session.createdAt),
                      minute(session.lastSeenAt),
                    )}
                    {session.current ? ` ${d.thisSession}` : ''}
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => void run(staffApi.endStaffSession(member.id, session.id), d.sessionEnded)}
                  >
                    {d.endSession}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {d.close}
        </Button>
      </div>
    </section>
  );
}
