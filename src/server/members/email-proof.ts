import { type Queryable, queryOne } from '../db/database.ts';
import type { AccountRow } from './account-service.ts';

/**
 * An email address belongs to an account only once its owner has proved it by opening a link sent
 * to it (docs/decisions/0013-email-belongs-to-an-account-once.md). Until then the address is a claim: it matches nothing (no till
 * purchase, staff look-up or sign-in link), several accounts may claim it, and the first proof ends
 * every other claim.
 */

/** Answered when a link proves an address that another account proved first. */
export const addressTakenMessage =
  'Another account has already confirmed this email address, so it cannot be added to yours. Please contact customer services.';

/** The one account that has proved `email`, if any. */
export function findAccountByProvenEmail(db: Queryable, email: string): Promise<AccountRow | undefined> {
  return queryOne<AccountRow>(
    db,
    'SELECT * FROM accounts WHERE email = $1 AND email_verified AND deleted_at IS NULL',
    [email.trim().toLowerCase()],
  );
}

/**
 * The accounts a password sign-in with `email` may be for: the proven owner, or, while nobody has
 * proved it, the accounts that claim it (a member who joined with a password before verifying),
 * newest first. A read for the statement that takes the sign-in's rate-limit slot (rate-limits.ts
 * Alongside: it binds its value through `bind`): one round trip for both; signInCandidates makes the
 * answer of its rows.
 */
export function signInAccountsRead(email: string) {
  return {
    name: 'sign-in-slot-and-accounts',
    sql: (bind: (value: unknown) => string) =>
      `SELECT * FROM accounts WHERE email = ${bind(email.trim().toLowerCase())} AND deleted_at IS NULL`,
  };
}

export function signInCandidates(rows: AccountRow[]): AccountRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      Number(b.email_verified) - Number(a.email_verified) ||
      b.created_at.getTime() - a.created_at.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return sorted[0]?.email_verified ? [sorted[0]] : sorted;
}

/**
 * Ends every claim on `email` other than `ownerId`'s, inside the transaction that proves it. An
 * account whose own address it was loses it, with every session (they all rested on that claim);
 * its passkeys stay, so a member who mistyped can still get in and give their real address. An
 * account that had asked to move to it keeps its proven address and sessions, but not the request.
 */
export async function endOtherClaims(tx: Queryable, ownerId: string, email: string): Promise<void> {
  const ended = await tx.query<{ id: string }>(
    `UPDATE accounts SET email = NULL, verification_sent_at = NULL
      WHERE email = $1 AND NOT email_verified AND id <> $2 RETURNING id`,
    [email, ownerId],
  );
  if (ended.length > 0) {
    await tx.query('DELETE FROM sessions WHERE account_id = ANY($1::uuid[])', [ended.map((row) => row.id)]);
  }
  // Their links for this address are worthless now: proveEmail accepts a link only for an address the
  // account still has or asked for. (Not deleted here: a racing proof holds its own link's row.)
  await tx.query('UPDATE accounts SET pending_email = NULL WHERE pending_email = $1 AND id <> $2', [
    email,
    ownerId,
  ]);
}

export type ProveOutcome = { ok: true; account: AccountRow } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * `accountId` has opened a link sent to `email`: the address becomes the account's proven email
 * (its own unproven one, or the new one it asked to move to), and every other claim on it ends.
 * 'invalid' when the account no longer has or wants that address; 'taken' when another account
 * proved it first.
 */
export async function proveEmail(tx: Queryable, accountId: string, email: string): Promise<ProveOutcome> {
  await lockAddress(tx, email);
  const account = await queryOne<AccountRow>(
    tx,
    'SELECT * FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [accountId],
  );
  if (!account || (account.email !== email && account.pending_email !== email)) {
    return { ok: false, reason: 'invalid' };
  }
  const owner = await findAccountByProvenEmail(tx, email);
  if (owner && owner.id !== accountId) return { ok: false, reason: 'taken' };
  await endOtherClaims(tx, accountId, email);
  const proven = await queryOne<AccountRow>(
    tx,
    `UPDATE accounts SET email = $2, email_verified = true, pending_email = NULL, verification_sent_at = NULL
      WHERE id = $1 RETURNING *`,
    [accountId, email],
  );
  return proven ? { ok: true, account: proven } : { ok: false, reason: 'invalid' };
}

/**
 * Serialises the proofs of one address until the transaction ends, so two owners proving it at the
 * same moment cannot both pass the "nobody has it yet" check (the second then finds it taken).
 */
export async function lockAddress(tx: Queryable, email: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`proven-email:${email}`]);
}

/** The address a verification link should go to: the one asked for, else the account's own unproven one. */
export function addressToVerify(account: AccountRow): string | null {
  if (account.pending_email) return account.pending_email;
  return account.email && !account.email_verified ? account.email : null;
}
