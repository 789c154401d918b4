import { useMessages } from '../i18n/messages.tsx';
import { NikeLinkStatus } from '../nike/nike-link-status.tsx';
import { PurchaseHistory } from '../points/purchase-history.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';

/** SPEC §2 /help/account: my details (the account work completes it), with the purchase history. */
export default function MyDetailsScreen() {
  const m = useMessages();
  const account = useAccount();
  usePageTitle(m.titles.myDetails);
  return (
    <Page>
      <h1>{m.titles.myDetails}</h1>
      <p>
        {account.fullName} · {account.email}
      </p>
      <NikeLinkStatus account={account} />
      <PurchaseHistory />
    </Page>
  );
}
