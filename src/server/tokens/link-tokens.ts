import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import type { Opener } from './link-browser.ts';

/**
 * Every token a member receives in a link, in one place (table link_tokens, migrations 0013 and
 * 0014): 256 random bits, of which only the SHA-256 hash is stored; expiring; single use except the
 * wallet token (which only lets a new member fetch their own pass, and may be used again within its
 * time). Issuing a token retires the older live tokens it replaces in the same statement, so only
 * the newest link works and there is no moment with two. A token targets an account, or (an
 * invitation's, before any account exists) an invitation.
 */
export type LinkTokenPurpose =
  | 'magic-link'
  | 'password-reset'
  | 'reauthentication'
  | 'verify-email'
  | 'complete-signup'
  | 'wallet'
  | 'invitation';

/** The purposes of tokens that target an account (every one but an invitation's). */
type AccountTokenPurpose = Exclude<LinkTokenPurpose, 'invitation'>;

/** Spent tokens are kept this long, so a late click answers "expired" rather than "unknown". */
const keptAfterExpiry = "interval '7 days'";

export interface IssueInput {
  /** Null does the same work and stores nothing, so a request for a stranger takes as long as a member's. */
  accountId: string | null;
  purpose: AccountTokenPurpose;
  expiresInMinutes: number;
  /** The address the link goes to, where proving it is the point. */
  email?: string | null;
  /** A re-confirmation link is bound to the session that asked for it. */
  sessionTokenHash?: string | null;
  /** The nonce hash of the browser that asked for the link (link-browser.ts): opened there, no click. */
  browserHash?: string | null;
}

/** Issues a token and answers the raw value, which goes only into the link. */
export async function issueLinkToken(db: Queryable, input: IssueInput): Promise<string> {
  const token = newToken();
  await db.query(
    `WITH swept AS (
       DELETE FROM link_tokens WHERE expires_at < now() - ${keptAfterExpiry} AND purpose <> 'invitation'
     ), retired AS (
       UPDATE link_tokens SET used_at = now()
        WHERE account_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at >= now() - ${keptAfterExpiry}
     )
     INSERT INTO link_tokens (token_hash, account_id, purpose, expires_at, email, session_token_hash, browser_hash)
     SELECT $1, $2::uuid, $3, now() + make_interval(mins => $4), $5, $6, $7 WHERE $2::uuid IS NOT NULL`,
    [
      hashToken(token),
      input.accountId,
      input.purpose,
      input.expiresInMinutes,
      input.email ?? null,
      input.sessionTokenHash ?? null,
      input.browserHash ?? null,
    ],
  );
  return token;
}

/**
 * Issues an invitation's token (the invitation, in invites, is the record it opens) and retires the
 * tokens of the invitations it replaces (`replacing`), in one statement. It lives as long as its
 * invitation: an expired invitation link is answered with a fresh invitation, so it is not swept.
 */
export async function issueInvitationToken(
  db: Queryable,
  input: { inviteId: string; expiresAt: Date; replacing: readonly string[] },
): Promise<string> {
  const token = newToken();
  await db.query(
    `WITH retired AS (
       UPDATE link_tokens SET used_at = now()
        WHERE purpose = 'invitation' AND used_at IS NULL AND invite_id = ANY ($4::uuid[])
     )
     INSERT INTO link_tokens (token_hash, purpose, invite_id, expires_at) VALUES ($1, 'invitation', $2, $3)`,
    [hashToken(token), input.inviteId, input.expiresAt, input.replacing],
  );
  return token;
}

/** The invitation a token opens (live or not: the invitation's own state says what it answers), or null. */
export async function invitationOf(db: Queryable, token: string): Promise<string | null> {
  const row = await queryOne<{ invite_id: string }>(
    db,
    "SELECT invite_id FROM link_tokens WHERE token_hash = $1 AND purpose = 'invitation'",
    [hashToken(token)],
  );
  return row?.invite_id ?? null;
}

/** Uses an invitation's token up, with its invitation (accepted). */
export async function spendInvitationToken(db: Queryable, inviteId: string): Promise<void> {
  await db.query(
    "UPDATE link_tokens SET used_at = now() WHERE purpose = 'invitation' AND invite_id = $1 AND used_at IS NULL",
    [inviteId],
  );
}

export type TokenState =
  | { state: 'unknown' }
  | { state: 'spent' }
  | { state: 'live'; accountId: string; email: string | null };

/** What a token is, without using it: unknown, spent (used, retired or expired), or live. */
export async function inspectLinkToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<TokenState> {
  if (!token || token.length > 200) return { state: 'unknown' };
  const row = await queryOne<{ account_id: string; email: string | null; live: boolean }>(
    db,
    `SELECT account_id, email, (used_at IS NULL AND expires_at > now()) AS live
       FROM link_tokens WHERE token_hash = $1 AND purpose = $2`,
    [hashToken(token), purpose],
  );
  if (!row) return { state: 'unknown' };
  return row.live ? { state: 'live', accountId: row.account_id, email: row.email } : { state: 'spent' };
}

/**
 * Uses a token: one conditional update, so of two parallel uses only one wins. Answers the account
 * it belongs to, or null when it is not live (or, for a token bound to a session, when
 * `sessionTokenHash` is not that session).
 */
export async function consumeLinkToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
  sessionTokenHash: string | null = null,
): Promise<string | null> {
  const row = await queryOne<{ account_id: string }>(
    db,
    `UPDATE link_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        AND session_token_hash IS NOT DISTINCT FROM $3
      RETURNING account_id`,
    [hashToken(token), purpose, sessionTokenHash],
  );
  return row?.account_id ?? null;
}

/**
 * Uses a token opened in a browser: at once in the browser that asked for it, anywhere
 * else only with the member's click (`opener.confirmed`). One conditional update, so of any number of
 * parallel uses only one wins; 'unconfirmed' leaves the token as it was.
 */
export async function spendOpenedLinkToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
  opener: Opener,
): Promise<{ ok: true; accountId: string } | { ok: false; reason: 'spent' | 'unconfirmed' }> {
  const row = await queryOne<{ account_id: string }>(
    db,
    `UPDATE link_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        AND session_token_hash IS NULL AND ($3::boolean OR browser_hash = $4)
      RETURNING account_id`,
    [hashToken(token), purpose, opener.confirmed, opener.browserHash],
  );
  if (row) return { ok: true, accountId: row.account_id };
  const found = await inspectLinkToken(db, token, purpose);
  return { ok: false, reason: found.state === 'live' ? 'unconfirmed' : 'spent' };
}

/** Whether `opener` may spend a live token now: it asked for it, or the member clicked. */
function mayOpen(row: { browser_hash: string | null }, opener: Opener): boolean {
  return opener.confirmed || (row.browser_hash !== null && row.browser_hash === opener.browserHash);
}

export interface ClaimedToken {
  account_id: string;
  email: string;
}

/**
 * Uses a token sent to `email`, inside the caller's transaction (which goes on to prove the
 * address): the row when it was live and sent to that address, or why not. The row is locked, so
 * two parallel claims cannot both win. Opened elsewhere than in the browser that asked for it, only
 * the member's click (`opener.confirmed`) uses it ('unconfirmed' leaves it as it was).
 */
export async function claimLinkToken(
  tx: Queryable,
  token: string,
  email: string,
  purpose: Extract<LinkTokenPurpose, 'verify-email' | 'complete-signup'>,
  opener: Opener,
): Promise<
  { ok: true; row: ClaimedToken } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'unconfirmed' }
> {
  const row = await queryOne<
    { token_hash: string; account_id: string; email: string | null; browser_hash: string | null } & {
      used_at: Date | null;
      expires_at: Date;
    }
  >(tx, 'SELECT * FROM link_tokens WHERE token_hash = $1 AND purpose = $2 FOR UPDATE', [
    hashToken(token),
    purpose,
  ]);
  if (!row?.email || row.email !== email.trim().toLowerCase()) return { ok: false, reason: 'invalid' };
  if (row.used_at) return { ok: false, reason: 'used' };
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  if (!mayOpen(row, opener)) return { ok: false, reason: 'unconfirmed' };
  await tx.query('UPDATE link_tokens SET used_at = now() WHERE token_hash = $1', [row.token_hash]);
  return { ok: true, row: { account_id: row.account_id, email: row.email } };
}
