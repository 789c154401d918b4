import { formatMemberSince } from '#shared/domain/date-format.ts';
import { MissingPurchases } from '../claims/claims-list.tsx';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './purchase-history.module.css';
import { PurchaseHistory } from './purchase-history.tsx';

/** /help/history: the member's whole purchase history on its own page, member since. */
export default function PurchaseHistoryScreen() {
  const m = useMessages().points;
  const { locale } = useConfig();
  const account = useAccount();
  usePageTitle(m.purchaseHistory);
  return (
    <Page>
      <div className={styles.heading}>
        <h1>{m.purchaseHistory}</h1>
        <p className={styles.since}>{m.memberSince(formatMemberSince(account.createdAt, locale))}</p>
      </div>
      <section aria-label={m.purchaseHistory} className={styles.section}>
        <PurchaseHistory />
      </section>
      <MissingPurchases />
    </Page>
  );
}
