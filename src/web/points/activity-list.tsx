import type { Transaction } from '#shared/api/points.ts';
import { formatHistoryDate, formatShortDay } from '#shared/domain/date-format.ts';
import { formatMoney, formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import styles from './activity-list.module.css';

/**
 * SPEC §3 Transaction rows as the member reads them: what, where (store or Online), the order number,
 * when, and the points. A purchase shows what was returned of it and its net points; a return names
 * the purchase it belongs to and what was refunded; pending points show when they confirm, and with
 * points expiry on, points show when they expire.
 */
export function ActivityList({
  transactions,
  fallbackCurrency,
}: {
  transactions: Transaction[];
  fallbackCurrency: string;
}) {
  const { locale, pointsExpiry } = useConfig();
  const m = useMessages().points;
  const now = new Date();
  const date = (iso: string) => formatHistoryDate(iso, locale, now);
  const points = (n: number) => formatPoints(Math.abs(n), locale);
  const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${points(n)}`;
  return (
    <ul className={styles.list}>
      {transactions.map((t) => {
        const currency = t.currency ?? fallbackCurrency;
        const money = (n: number) => formatMoney(n, currency, locale);
        const details = distinct([
          t.kind === 'adjustment' ? t.name : (t.location ?? t.name),
          t.kind === 'expiry' && pointsExpiry.months ? m.expiredAfter(pointsExpiry.months) : null,
          t.channel === 'Online' ? m.channels.Online : null,
          t.order ? m.orderNumber(t.order.orderId) : null,
          t.discount ? m.discount(t.discount) : null,
        ]);
        const expires = t.expiresAt && new Date(t.expiresAt).getTime() > now.getTime() ? t.expiresAt : null;
        return (
          <li key={t.id} className={styles.row} data-kind={t.kind}>
            <div className={styles.what}>
              <span className={styles.kind}>{m.kinds[t.kind]}</span>
              {details.length ? <span className={styles.details}>{details.join(' · ')}</span> : null}
              {t.returnOf ? (
                <span className={styles.details}>{m.returnOf(date(t.returnOf.createdDate))}</span>
              ) : null}
              <span className={styles.date}>
                <time dateTime={t.createdDate}>{date(t.createdDate)}</time>
                {t.pending && t.confirmsAt ? (
                  <span className={styles.pending}>
                    {m.pendingUntil(formatShortDay(t.confirmsAt, locale, now))}
                  </span>
                ) : null}
                {expires ? <span className={styles.expires}>{m.expiresOn(date(expires))}</span> : null}
              </span>
              {t.returned && t.returned.points > 0 ? (
                <span className={styles.returned} data-testid="returned">
                  {[
                    m.returned(points(t.returned.points)),
                    t.returned.value ? m.refunded(money(t.returned.value)) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </div>
            <div className={styles.amounts}>
              {t.adjustedPoints !== 0 || t.kind === 'purchase' ? (
                <span
                  className={[styles.points, t.adjustedPoints < 0 ? styles.minus : null]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {m.pointsDelta(signed(t.adjustedPoints))}
                </span>
              ) : null}
              {t.returned && t.returned.points > 0 && t.netPoints !== null ? (
                <span className={styles.net}>{m.netPoints(signed(t.netPoints))}</span>
              ) : null}
              {t.cash > 0 ? (
                <span className={styles.value}>{m.cashAdded(money(t.cash))}</span>
              ) : t.cash < 0 ? (
                <span className={styles.value}>{m.cashSpent(money(-t.cash))}</span>
              ) : t.kind === 'return' ? (
                t.value ? (
                  <span className={styles.value}>{m.refunded(money(t.value))}</span>
                ) : null
              ) : t.value !== null ? (
                <span className={styles.value}>{money(t.value)}</span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Each detail once, and none an earlier one already says: an online shop's store is often called
 * "Online" or "Online Store", which the channel would only repeat.
 */
function distinct(details: (string | null)[]): string[] {
  const shown: string[] = [];
  for (const detail of details) {
    const words = detail?.trim().toLowerCase();
    if (!detail || !words) continue;
    if (shown.some((earlier) => ` ${earlier.toLowerCase()} `.includes(` ${words} `))) continue;
    shown.push(detail);
  }
  return shown;
}
