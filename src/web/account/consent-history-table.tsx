import type { ConsentEvent } from '#shared/api/privacy.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import styles from './account.module.css';

/** The consent history: when, which channel, yes or no, and where the member said so. */
export function ConsentHistoryTable({ events }: { events: ConsentEvent[] }) {
  const p = useMessages().privacy;
  const { locale } = useConfig();
  return (
    <table className={styles.history}>
      <thead>
        <tr>
          <th scope="col">{p.historyColumns.when}</th>
          <th scope="col">{p.historyColumns.channel}</th>
          <th scope="col">{p.historyColumns.choice}</th>
          <th scope="col">{p.historyColumns.where}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event, index) => (
          // The history is append-only and comes back in one order: the position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index}>
            <td data-label={p.historyColumns.when}>
              <time dateTime={event.recordedAt}>{formatDayAndTime(event.recordedAt, locale)}</time>
            </td>
            <td data-label={p.historyColumns.channel}>{p.channel[event.channel]}</td>
            <td data-label={p.historyColumns.choice}>{p.choice[event.choice]}</td>
            <td data-label={p.historyColumns.where}>{p.place[event.place]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
