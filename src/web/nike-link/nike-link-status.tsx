import { Link } from 'react-router';
import type { Account } from '#shared/api/common.ts';
import { useMessages } from '../i18n/messages.tsx';
import styles from './nike.module.css';

/** My details: whether a Nike account is linked, with a way to connect one. */
export function NikeLinkStatus({ account }: { account: Account }) {
  const m = useMessages().nike;
  const linked = account.nikeLinked === true;
  return (
    <p className={styles.statusRow}>
      <span className={styles.statusLabel}>{m.status}:</span>
      <span data-testid="nike-link-status">{linked ? m.statusLinked : m.statusNotLinked}</span>
      {linked ? null : <Link to="/link-with-nike">{m.connectAccount}</Link>}
    </p>
  );
}
