/**
 * Request bodies that change with every request (each purchase a new order id), made in the load
 * client's process (load-client.ts): a job names its kind, since a function cannot cross processes.
 */
export type BodySpec =
  /** One purchase for one of `shoppers` members shopper-N@example.com, in turn (a till's). */
  | { kind: 'shopper-purchase'; shoppers: number }
  /** A batch of `count` such purchases: `{ purchases: [...] }`. */
  | { kind: 'shopper-purchases'; shoppers: number; count: number }
  /** `fields` with a new orderId (prefixed `orderPrefix`) each time. */
  | { kind: 'purchase'; orderPrefix: string; fields: Record<string, unknown> };

/** A function that answers the next body of `spec`'s kind. */
export function bodyMaker(spec: BodySpec): () => string {
  let orders = 0;
  const orderId = (prefix: string) => {
    orders += 1;
    return `${prefix}-${process.pid}-${Date.now()}-${orders}`;
  };
  const shopperPurchase = (shoppers: number) => ({
    orderId: orderId('bench'),
    email: `shopper-${(orders % shoppers) + 1}@example.com`,
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    value: 10_000,
    currency: 'GBP',
    points: 100,
  });
  switch (spec.kind) {
    case 'shopper-purchase':
      return () => JSON.stringify(shopperPurchase(spec.shoppers));
    case 'shopper-purchases':
      return () =>
        JSON.stringify({
          purchases: Array.from({ length: spec.count }, () => shopperPurchase(spec.shoppers)),
        });
    case 'purchase':
      return () => JSON.stringify({ ...spec.fields, orderId: orderId(spec.orderPrefix) });
  }
}
