import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { memberSales, revealCode } from '#shared/api/private-sales-endpoints.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClassName } from '../ui/button.tsx';
import styles from './private-sales.module.css';
import { usePrivateSalesWords } from './words.ts';

type Sales = ResponseOf<typeof memberSales>;

/**
 * Home's private sale (a lazy chunk of its own: Home's first load stays within budget): the live sale
 * the member may shop, their code once revealed (the same at every visit), and the next sale with
 * its date. Nothing at all when there is neither.
 */
export default function PrivateSaleSection() {
  const w = usePrivateSalesWords().home;
  const { locale } = useConfig();
  const failureText = useFailureText();
  const [sales, setSales] = useState<Sales | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    void call(memberSales).then((answer) => {
      if (!answer.ok) return;
      setSales(answer.data);
      setCode(answer.data.live?.code ?? null);
    });
  }, []);

  const reveal = useCallback(
    async (id: string) => {
      setBusy(true);
      setFailure(null);
      const answer = await call(revealCode, {}, { params: { id } });
      setBusy(false);
      if (answer.ok) setCode(answer.data.code);
      else setFailure(w.failures[answer.serverCode] ?? failureText(answer));
    },
    [failureText, w.failures],
  );

  const copy = useCallback(async () => {
    if (!code) return;
    await navigator.clipboard?.writeText(code).catch(() => undefined);
    setCopied(true);
  }, [code]);

  if (!sales || (!sales.live && !sales.next)) return null;
  const { live, next } = sales;
  return (
    <section
      id="private-sale"
      className={`${styles.section} no-print`}
      aria-labelledby="private-sale-heading"
    >
      {live ? (
        <>
          <p className={styles.eyebrow}>{w.heading}</p>
          <h2 id="private-sale-heading">{live.name}</h2>
          <p className={styles.muted}>{w.endsOn(formatDayAndTime(live.endsAt, locale))}</p>
          <p className={styles.description}>{live.description}</p>
          {code ? (
            <>
              <p className={styles.codeLabel}>{w.yourCode}</p>
              <p className={styles.code} data-testid="sale-code">
                {code}
              </p>
            </>
          ) : null}
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <div className={styles.actions}>
            {code ? (
              <>
                <a
                  className={buttonClassName('primary')}
                  href={live.shopUrl}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {w.shop}
                </a>
                <Button variant="secondary" onClick={copy} aria-live="polite">
                  {copied ? w.copied : w.copy}
                </Button>
              </>
            ) : (
              <Button onClick={() => reveal(live.id)} disabled={busy}>
                {busy ? w.revealing : w.reveal}
              </Button>
            )}
          </div>
        </>
      ) : null}
      {next ? (
        <div className={live ? styles.next : undefined}>
          {live ? <h3>{w.next}</h3> : <h2 id="private-sale-heading">{w.next}</h2>}
          <p>
            <strong>{next.name}</strong>
          </p>
          <p className={styles.muted}>{w.startsOn(formatDayAndTime(next.startsAt, locale))}</p>
        </div>
      ) : null}
    </section>
  );
}
