import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

/**
 * The onboarding step's wallet token (`?token=` on /api/passkit, /api/google-pay/pass and
 * /add-to-google-wallet). A new member who has just accepted an invitation may not be signed in
 * yet, but should be able to add their card straight away. The token:
 * - is 256 random bits, stored only as its SHA-256 hash;
 * - expires after wallet.tokenExpiryMinutes (default 60);
 * - may be used more than once within that time (the member may tap both badges, or retry a
 *   download), but only to fetch that member's own passes: it is not a session and changes nothing.
 * Issue it in the transaction that completes joining and hand it to the success step.
 */
export async function issueWalletToken(db: Queryable, accountId: string, config: Config): Promise<string> {
  const token = newToken();
  await db.query('DELETE FROM wallet_tokens WHERE expires_at < now()');
  await db.query(
    `INSERT INTO wallet_tokens (token_hash, account_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [hashToken(token), accountId, config.wallet.tokenExpiryMinutes],
  );
  return token;
}

/** The member a live wallet token belongs to, or null. */
export async function accountIdForWalletToken(db: Queryable, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await queryOne<{ account_id: string }>(
    db,
    'SELECT account_id FROM wallet_tokens WHERE token_hash = $1 AND expires_at > now()',
    [hashToken(token)],
  );
  return row?.account_id ?? null;
}
