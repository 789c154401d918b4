import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { metrics } from '../operations/metrics.ts';
import { type PurchaseAnswer, partnerPurchase } from './partner-points-service.ts';
import { type Purchase, type PurchaseOutcome, recordPurchases } from './purchase-batch.ts';

interface Waiting {
  purchase: Purchase;
  answer(outcome: PurchaseOutcome): void;
  fail(error: unknown): void;
}

/**
 * One group at the database at a time makes the largest groups, and the fewest statements: the
 * database's work per purchase fell by a fifth against two at a time (262-319 µs against 356-398,
 * 10 tills, PostgreSQL). But a group waiting for a member's lock (an exchange in progress) must not
 * hold up every till: a group still at the database after `slowGroupMs` lets the next one go, up to
 * `mostGroupsAtOnce`. A group's statement takes a few milliseconds; one that takes longer is waiting.
 */
const slowGroupMs = 20;
const mostGroupsAtOnce = 4;
/** As the batch route: a group is one call of record_purchases. */
const largestGroup = 500;
/**
 * Fewer purchases than this are recorded one by one (at once, side by side): a set's statement costs
 * the database about 0.74 ms and 0.13 ms a purchase, a purchase alone about 0.5 ms (pgbench, one
 * client, both prepared), so two break even and three are cheaper together.
 */
const smallestSet = 3;

/**
 * Single partner purchases that arrive while earlier ones are being recorded are recorded together,
 * as one group (a till's purchase at a time is what the scheme sees most).
 *
 * A purchase recorded alone is a database statement and a commit of its own: the statement start,
 * the function call and the commit's flush are most of its cost, and the busier the tills, the more
 * of them there are. So, as a database groups commits: while a group is at the database, the
 * purchases that arrive wait, and the next free slot takes all of them as one call of
 * record_purchases (purchase-batch.ts), one statement and one commit. Nothing waits for a timer: a
 * purchase that finds the database free goes at once, on its own path (record_purchase), as before.
 *
 * Each purchase is answered exactly as it would be alone (recordPurchases answers the sequential
 * results: replays, refusals, the points limit, a card no member has), and only once its group has
 * committed. A group holds one caller's purchases (the audit rows name their actor: a named key's
 * purchases never share a statement with another key's). If the group's statement fails as a whole
 * (a deadlock between two groups, a lost connection), each of its purchases is recorded on its own
 * instead, so one purchase's failure is never another's.
 */
export function purchaseGroups(ctx: AppContext) {
  /** Waiting purchases by caller (the audit's actor and action); a Map keeps arrival order. */
  const waiting = new Map<string, { audit: Audit | undefined; purchases: Waiting[] }>();
  let atDatabase = 0;
  /** Groups at the database for longer than slowGroupMs: each lets one more group go. */
  let slow = 0;

  async function record(audit: Audit | undefined, group: Waiting[]): Promise<void> {
    metrics.purchaseGroup(group.length);
    const alone = (w: Waiting) => partnerPurchase(ctx, w.purchase, audit).then(w.answer, w.fail);
    if (group.length < smallestSet) {
      await Promise.all(group.map(alone));
      return;
    }
    let outcomes: PurchaseOutcome[];
    try {
      outcomes = await recordPurchases(
        ctx,
        group.map((w) => w.purchase),
        audit,
      );
    } catch (error) {
      // Not lost, but worth seeing: each purchase is recorded alone below, and only its own outcome shows.
      ctx.log.warn(
        { err: error, purchases: group.length },
        'a group of purchases failed; recording each alone',
      );
      await Promise.all(group.map(alone));
      return;
    }
    group.forEach((w, i) => {
      w.answer(outcomes[i] as PurchaseOutcome);
    });
  }

  function next(): void {
    while (atDatabase < Math.min(1 + slow, mostGroupsAtOnce)) {
      const [key, caller] = waiting.entries().next().value ?? [];
      if (key === undefined || !caller) return;
      const group = caller.purchases.splice(0, largestGroup);
      if (caller.purchases.length === 0) waiting.delete(key);
      atDatabase += 1;
      let isSlow = false;
      const timer = setTimeout(() => {
        isSlow = true;
        slow += 1;
        next();
      }, slowGroupMs);
      void record(caller.audit, group).finally(() => {
        clearTimeout(timer);
        if (isSlow) slow -= 1;
        atDatabase -= 1;
        next();
      });
    }
  }

  /** Records `purchase` (valid, in an allowed currency) as POST /purchases does; a 4xx rejects. */
  return function recordPurchase(purchase: Purchase, audit: Audit | undefined): Promise<PurchaseAnswer> {
    return new Promise((resolve, reject) => {
      const key = audit ? JSON.stringify([audit.actor, audit.action]) : '';
      const caller = waiting.get(key) ?? { audit, purchases: [] };
      waiting.set(key, caller);
      caller.purchases.push({
        purchase,
        answer: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        fail: reject,
      });
      next();
    });
  };
}
