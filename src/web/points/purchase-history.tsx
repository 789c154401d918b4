import { formatMemberSince } from '#shared/domain/date-format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { ActivityList } from './activity-list.tsx';
import styles from './purchase-history.module.css';
import { useTransactionPages } from './use-transactions.ts';

/**
 * SPEC §2 Purchase history (under /help): loading, error, empty and list states; member since. The
 * newest page first, older rows a page at a time with Show more.
 */
export function PurchaseHistory() {
  const m = useMessages().points;
  const { locale } = useConfig();
  const account = useAccount();
  const { state, reload, showMore } = useTransactionPages();
  return (
    <section aria-labelledby="purchase-history" className={styles.section}>
      <div className={styles.heading}>
        <h2 id="purchase-history">{m.purchaseHistory}</h2>
        <p className={styles.since}>{m.memberSince(formatMemberSince(account.createdAt, locale))}</p>
      </div>
      {state.status === 'loading' ? (
        <p aria-live="polite" aria-busy="true" className={styles.loading}>
          {m.loading}
        </p>
      ) : state.status === 'failed' ? (
        <div className={styles.failed}>
          <Alert kind="error">{m.failed}</Alert>
          <Button variant="secondary" onClick={reload}>
            {m.retry}
          </Button>
        </div>
      ) : state.transactions.length === 0 ? (
        <p className={styles.empty}>{m.empty}</p>
      ) : (
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
      )}
    </section>
  );
}
