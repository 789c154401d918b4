import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { type MailQueue, staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, noticeWords, useMayDo, useStaff, useStaffWords } from './staff-context.tsx';
import { useStaffFormat } from './staff-format.ts';
import { TableScroll } from './table-scroll.tsx';

/** /staff/mail: the outbox's mail that failed and is not delivered; a manager sends a given-up one again. */
export function MailQueueScreen() {
  const w = useStaffWords();
  const format = useStaffFormat();
  const { sessionEnded } = useStaff();
  const mayRetry = useMayDo('manager');
  const [queue, setQueue] = useState<MailQueue | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await staffApi.mail();
    if (answer.ok) setQueue(answer.data);
    else if (answer.status === 401) sessionEnded();
    else setNotice({ kind: 'error', text: failureWords(w, answer) });
  }, [sessionEnded, w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function retry(id: string) {
    const answer = await staffApi.retryMail(id);
    setNotice(
      answer.ok
        ? { kind: 'success', text: noticeWords(w, format.points, answer.data) }
        : { kind: 'error', text: failureWords(w, answer) },
    );
    await load();
  }

  const c = w.mail.columns;
  return (
    <>
      <h1>{w.mail.title}</h1>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {queue === null ? (
        <p aria-live="polite">{w.loading}</p>
      ) : (
        <>
          <p>{w.mail.counts(queue.pending, queue.givenUp)}</p>
          {queue.undelivered.length === 0 ? (
            <p>{w.mail.none}</p>
          ) : (
            <TableScroll label={w.nav.mail}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{c.to}</th>
                    <th scope="col">{c.subject}</th>
                    <th scope="col">{c.state}</th>
                    <th scope="col" className={styles.number}>
                      {c.attempts}
                    </th>
                    <th scope="col">{c.error}</th>
                    {mayRetry ? <th scope="col">{c.action}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {queue.undelivered.map((mail) => (
                    <tr key={mail.id}>
                      <td>{mail.to}</td>
                      <td>{mail.subject}</td>
                      <td>{w.mail.states[mail.state] ?? mail.state}</td>
                      <td className={styles.number}>{mail.attempts}</td>
                      <td>{mail.lastError ?? '—'}</td>
                      {mayRetry ? (
                        <td>
                          {mail.state === 'given-up' ? (
                            <Button variant="secondary" onClick={() => void retry(mail.id)}>
                              {w.mail.retry}
                            </Button>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </>
  );
}
