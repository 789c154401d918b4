import { useEffect, useState } from 'react';
import { calendarDay, formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { pointsApi } from '../points/api.ts';
import styles from './next-expiry.module.css';

/**
 * Home's next expiry, "250 points expire on 1st March" (issue 15 feature 3): asked for only when
 * points expiry is on, asked again when the balance changes, and nothing at all while it loads,
 * fails or nothing is due (the history lists each row's date; this line is a reminder, not a state).
 */
export function NextExpiry({ pointsBalance }: { pointsBalance: number }) {
  const config = useConfig();
  const m = useMessages();
  const on = config.pointsExpiry.months !== null;
  const [next, setNext] = useState<{ points: number; expiresOn: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new balance may move the next expiry
  useEffect(() => {
    if (!on) return;
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
