import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

export type TokenPurpose = 'magic-link' | 'password-reset' | 'reauthentication';

/**
 * Issues an emailed token: random (256 bits), stored hashed, single use, expiring. A new token
 * replaces the member's earlier unused ones of the same purpose, so only the newest link works.
 * A re-confirmation token is bound to the session that asked for it (`sessionTokenHash`).
 * One statement, whether or not there is an account: with `accountId` null it does the same work and
 * stores nothing, so a request for a stranger takes as long as one for a member.
 */
export async function issueToken(
  db: Queryable,
  accountId: string | null,
  purpose: TokenPurpose,
  expiryMinutes: number,
  sessionTokenHash: string | null = null,
): Promise<string> {
  const token = newToken();
  // Spent tokens are only kept long enough to answer "expired" rather than "unknown".
  await db.query(
    `WITH swept AS (
       DELETE FROM credential_tokens WHERE expires_at < now() - interval '7 days'
     ), replaced AS (
       UPDATE credential_tokens SET used_at = now()
        WHERE account_id = $2 AND purpose = $3 AND used_at IS NULL
          AND expires_at >= now() - interval '7 days'
     )
     INSERT INTO credential_tokens (token_hash, account_id, purpose, expires_at, session_token_hash)
     SELECT $1, $2::uuid, $3, now() + make_interval(mins => $4), $5 WHERE $2::uuid IS NOT NULL`,
    [hashToken(token), accountId, purpose, expiryMinutes, sessionTokenHash],
  );
  return token;
}

export type TokenState = { state: 'unknown' } | { state: 'spent' } | { state: 'live'; accountId: string };

/** What a token is, without using it: unknown, spent (used or expired), or live. */
export async function inspectToken(db: Queryable, token: string, purpose: TokenPurpose): Promise<TokenState> {
  const row = await queryOne<{ account_id: string; live: boolean }>(
    db,
    `SELECT account_id, (used_at IS NULL AND expires_at > now()) AS live
       FROM credential_tokens WHERE token_hash = $1 AND purpose = $2`,
    [hashToken(token), purpose],
  );
  if (!row) return { state: 'unknown' };
  return row.live ? { state: 'live', accountId: row.account_id } : { state: 'spent' };
}

/**
 * Uses a token: a conditional update inside the caller's transaction, so of two parallel
 * submits only one wins. Answers the account it belongs to, or null when it is not live (or, for a
 * token bound to a session, when `sessionTokenHash` is not that session).
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
  sessionTokenHash: string | null = null,
): Promise<string | null> {
  const row = await queryOne<{ account_id: string }>(
    db,
    `UPDATE credential_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        AND session_token_hash IS NOT DISTINCT FROM $3
      RETURNING account_id`,
    [hashToken(token), purpose, sessionTokenHash],
  );
  return row?.account_id ?? null;
}
