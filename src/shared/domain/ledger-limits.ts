/**
 * The largest amounts a member's account may hold. Columns and sums are 64-bit, and these limits,
 * checked before every write that raises a balance, keep every stored amount, every sum of them and
 * every cash value derived from them (points × the largest burn rate) below 2^53, so JavaScript
 * numbers stay exact. A write that would pass a limit is refused (409) naming it; writes that lower a
 * balance are always allowed, so an account can always be corrected.
 */
export const ledgerLimits = {
  /** Points a member may hold: confirmed and pending points together. */
  maxPoints: 1_000_000_000,
  /** Cash on the pass, minor units (10,000,000.00 in the member's currency). */
  maxCash: 1_000_000_000,
} as const;

/** "1,000,000,000": limits are named in messages with their digits grouped. */
export function formatLimit(value: number): string {
  return value.toLocaleString('en-GB');
}
