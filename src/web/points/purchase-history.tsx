import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ActivityList } from './activity-list.tsx';
import styles from './purchase-history.module.css';
import { useTransactionPages } from './use-transactions.ts';

/**
 * SPEC §2 Purchase history's list: loading, error, empty and list states. The newest page first,
 * older rows a page at a time with Show more.
 */
export function PurchaseHistory() {
  const m = useMessages().points;
  const account = useAccount();
  const { state, reload, showMore } = useTransactionPages();
  if (state.status === 'loading')
    return (
      <p aria-live="polite" aria-busy="true" className={styles.loading}>
        {m.loading}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className={styles.failed}>
        <Alert kind="error">{m.failed}</Alert>
        <Button variant="secondary" onClick={reload}>
          {m.retry}
        </Button>
      </div>
    );
  if (state.transactions.length === 0) return <p className={styles.empty}>{m.empty}</p>;
  return (
    <>
      <ActivityList transactions={state.transactions} fallbackCurrency={account.currency} />
      {state.more === 'failed' ? <Alert kind="error">{m.moreFailed}</Alert> : null}
      {state.hasMore ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={showMore}
            disabled={state.more === 'loading'}
            aria-busy={state.more === 'loading'}
          >
            {m.showMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}
