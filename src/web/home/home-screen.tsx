import { useLocation } from 'react-router';
import { formatPoints } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Alert } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './home.module.css';

/** SPEC §2 Home: the signed-in member's overview. */
export default function HomeScreen() {
  const account = useAccount();
  const { locale } = useConfig();
  const m = useMessages().home;
  usePageTitle();
  // SPEC §2 Home: a modal message passed via navigation state is shown at the top.
  const modalMessage = (useLocation().state as { modalMessage?: string } | null)?.modalMessage;
  return (
    <section className={styles.header}>
      <div className={styles.inner}>
        {modalMessage ? <Alert kind="success">{modalMessage}</Alert> : null}
        <h1>{m.greeting(account.fullName)}</h1>
        <p className={styles.points}>
          {formatPoints(account.pointsBalance, locale)} <span>{m.points}</span>
        </p>
        <p className={styles.pending}>
          {m.pendingPoints(formatPoints(account.pendingPointsBalance, locale))}
        </p>
      </div>
    </section>
  );
}
