import type { Transaction } from '#shared/api/points.ts';
import { formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatMoney, formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import styles from './activity-list.module.css';

/** SPEC §3 Transaction rows as the member reads them: what, where (store or Online), the order, when, and the points. */
export function ActivityList({
  transactions,
  fallbackCurrency,
}: {
  transactions: Transaction[];
  fallbackCurrency: string;
}) {
  const { locale } = useConfig();
  const m = useMessages().points;
  const now = new Date();
  const date = (iso: string) => formatHistoryDate(iso, locale, now);
  return (
    <ul className={styles.list}>
      {transactions.map((t) => {
        const currency = t.currency ?? fallbackCurrency;
        const details = distinct([
          t.name,
          t.location,
          t.channel ? m.channels[t.channel] : null,
          t.order ? m.orderNumber(t.order.orderId) : null,
          t.discount ? m.discount(t.discount) : null,
        ]);
        const sign = t.adjustedPoints > 0 ? '+' : t.adjustedPoints < 0 ? '−' : '';
        return (
          <li key={t.id} className={styles.row} data-kind={t.kind}>
            <div className={styles.what}>
              <span className={styles.kind}>{m.kinds[t.kind]}</span>
              {details.length ? <span className={styles.details}>{details.join(' · ')}</span> : null}
              <span className={styles.date}>
                <time dateTime={t.createdDate}>{date(t.createdDate)}</time>
                {t.pending && t.confirmsAt ? (
                  <span className={styles.pending}>{m.pendingUntil(date(t.confirmsAt))}</span>
                ) : null}
              </span>
            </div>
            <div className={styles.amounts}>
              {t.adjustedPoints !== 0 || t.kind === 'purchase' ? (
                <span
                  className={[styles.points, t.adjustedPoints < 0 ? styles.minus : null]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {m.pointsDelta(`${sign}${formatPoints(Math.abs(t.adjustedPoints), locale)}`)}
                </span>
              ) : null}
              {t.cash > 0 ? (
                <span className={styles.value}>{m.cashAdded(formatMoney(t.cash, currency, locale))}</span>
              ) : t.cash < 0 ? (
                <span className={styles.value}>{m.cashSpent(formatMoney(-t.cash, currency, locale))}</span>
              ) : t.value !== null ? (
                <span className={styles.value}>{formatMoney(t.value, currency, locale)}</span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Each detail once: an online shop's store is often called "Online", which the channel says too. */
function distinct(details: (string | null)[]): string[] {
  const seen = new Set<string>();
  return details.filter((detail): detail is string => {
    const key = detail?.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
