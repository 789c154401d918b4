import { useMessages } from '../i18n/messages.tsx';

/** SPEC §2 Purchase history (loading, error, empty, list): filled in by the points work. */
export function PurchaseHistory() {
  const m = useMessages();
  return (
    <section aria-labelledby="purchase-history">
      <h2 id="purchase-history">{m.points.purchaseHistory}</h2>
      <p>{m.placeholder.body}</p>
    </section>
  );
}
