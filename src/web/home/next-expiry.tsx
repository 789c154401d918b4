import { useEffect, useRef, useState } from 'react';
import type { PointsExpiryResponse } from '#shared/api/points.ts';
import { calendarDay, formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { pointsApi } from '../points/api.ts';
import styles from './next-expiry.module.css';

/**
 * Home's next expiry, "250 points expire on 1st March": asked for only when
 * points expiry is on, asked again when the balance changes, and nothing at all while it loads,
 * fails or nothing is due (the history lists each row's date; this line is a reminder, not a state).
 * `initial` is what the server rendered Home with: it stands for the first answer.
 */
export function NextExpiry({
  pointsBalance,
  initial,
}: {
  pointsBalance: number;
  initial?: PointsExpiryResponse['next'] | undefined;
}) {
  const config = useConfig();
  const m = useMessages();
  const on = config.pointsExpiry.months !== null;
  const [next, setNext] = useState<PointsExpiryResponse['next']>(initial ?? null);
  // The balance the server's answer holds for: no need to ask again until the balance changes.
  const answeredFor = useRef(initial === undefined ? null : pointsBalance);
  useEffect(() => {
    if (!on || answeredFor.current === pointsBalance) return;
    answeredFor.current = null;
    const controller = new AbortController();
    void pointsApi.nextExpiry(controller.signal).then((result) => {
      if (!controller.signal.aborted) setNext(result.ok ? result.data.next : null);
    });
    return () => controller.abort();
  }, [on, pointsBalance]);
  if (!on || !next) return null;
  return (
    <p className={styles.expiry} data-testid="next-expiry">
      {m.home.nextExpiry(
        formatPoints(next.points, config.locale),
        formatHistoryDate(calendarDay(next.expiresOn), config.locale),
      )}
    </p>
  );
}
