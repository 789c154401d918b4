import { useEffect, useState } from 'react';
import type { Claim } from '#shared/api/claims.ts';
import { formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatMoney, formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { Alert } from '../ui/alert.tsx';
import { claimsApi } from './api.ts';
import styles from './claims.module.css';

/**
 * "A purchase is missing?" on the history page: the way to report one, and the member's reports with
 * their state (waiting, added with its points, or not added with staff's reason).
 */
export function MissingPurchases() {
  const m = useMessages().claims;
  const { locale } = useConfig();
  const [state, setState] = useState<
    { status: 'loading' | 'failed' } | { status: 'loaded'; claims: Claim[] }
  >({
    status: 'loading',
  });
  useEffect(() => {
    const controller = new AbortController();
    void claimsApi.list(controller.signal).then((result) => {
      if (!controller.signal.aborted)
        setState(result.ok ? { status: 'loaded', claims: result.data.claims } : { status: 'failed' });
    });
    return () => controller.abort();
  }, []);
  const now = new Date();
  return (
    <section aria-labelledby="missing-purchases" className={styles.section}>
      <h2 id="missing-purchases">{m.heading}</h2>
      <p className={styles.intro}>{m.intro}</p>
      <Link to="/help/history/missing" className={styles.report}>
        {m.reportLink}
      </Link>
      {state.status === 'failed' ? <Alert kind="error">{m.listFailed}</Alert> : null}
      {state.status === 'loaded' && state.claims.length ? (
        <>
          <h3 className={styles.subheading}>{m.yourReports}</h3>
          <ul className={styles.list}>
            {state.claims.map((c) => (
              <li key={c.id} className={styles.claim} data-status={c.status}>
                <div>
                  <span className={styles.order}>{m.order(c.orderId)}</span>
                  <span className={styles.meta}>
                    {[
                      formatHistoryDate(`${c.purchasedOn}T12:00:00Z`, locale, now),
                      c.channel === 'in-store' ? c.store : m.online,
                      formatMoney(c.amount, c.currency, locale),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {c.status === 'refused' && c.reason ? (
                    <span className={styles.reason}>{m.reason(c.reason)}</span>
                  ) : null}
                </div>
                <span className={styles.status}>
                  {c.status === 'approved'
                    ? m.approved(formatPoints(c.points ?? 0, locale))
                    : c.status === 'refused'
                      ? m.refused
                      : m.pending}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
