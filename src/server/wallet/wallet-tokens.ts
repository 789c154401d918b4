import type { Config } from '#shared/config.ts';
import type { Queryable } from '../db/database.ts';
import { inspectLinkToken, issueLinkToken } from '../tokens/link-tokens.ts';

/**
 * The onboarding step's wallet token (`?token=` on /api/passkit, /api/google-pay/pass and
 * /add-to-google-wallet). A new member who has just accepted an invitation may not be signed in
 * yet, but should be able to add their card straight away. The token (a link token, purpose
 * `wallet`):
 * - is 256 random bits, stored only as its SHA-256 hash;
 * - expires after wallet.tokenExpiryMinutes (default 60);
 * - may be used more than once within that time (the member may tap both badges, or retry a
 *   download), but only to fetch that member's own passes: it is not a session and changes nothing.
 * Issue it in the transaction that completes joining and hand it to the success step.
 */
export function issueWalletToken(db: Queryable, accountId: string, config: Config): Promise<string> {
  return issueLinkToken(db, {
    accountId,
    purpose: 'wallet',
    expiresInMinutes: config.wallet.tokenExpiryMinutes,
  });
}

/** The member a live wallet token belongs to, or null. */
export async function accountIdForWalletToken(db: Queryable, token: string): Promise<string | null> {
  const found = await inspectLinkToken(db, token, 'wallet');
  return found.state === 'live' ? found.accountId : null;
}
