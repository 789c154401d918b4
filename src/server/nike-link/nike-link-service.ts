import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { isUniqueViolation } from '../members/account-service.ts';
import { hashToken } from '../sessions/tokens.ts';

export const nikeMessages = {
  linked: 'Your Nike account is now linked to your membership.',
  declined: 'You chose not to link your Nike account.',
  providerError: 'Nike could not link your account. Please try again.',
  staleAttempt: 'This Nike sign-in has expired or was already used. Please connect again.',
  exchangeFailed: 'Sorry, we could not link your Nike account. Please try again.',
  linkedElsewhere: 'That Nike account is already linked to another membership.',
  unavailable: 'Linking a Nike account is not available at the moment.',
};

/** Stores a link attempt: the state (hashed) and PKCE verifier, tied to the session that started it. */
export async function startAttempt(
  db: Queryable,
  session: { tokenHash: string; accountId: string },
  attempt: { state: string; verifier: string; expiryMinutes: number },
): Promise<void> {
  await db.query('DELETE FROM nike_link_attempts WHERE expires_at < now()');
  await db.query(
    `INSERT INTO nike_link_attempts (state_hash, session_token_hash, account_id, code_verifier, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashToken(attempt.state), session.tokenHash, session.accountId, attempt.verifier, attempt.expiryMinutes],
  );
}

/** Consumes the attempt a state names, whatever follows: a state works once, for its own session. */
export async function takeAttempt(
  db: Queryable,
  sessionTokenHash: string,
  state: string | null | undefined,
): Promise<{ code_verifier: string; account_id: string } | undefined> {
  if (!state) return undefined;
  return queryOne<{ code_verifier: string; account_id: string }>(
    db,
    `DELETE FROM nike_link_attempts
      WHERE state_hash = $1 AND session_token_hash = $2 AND expires_at > now()
     RETURNING code_verifier, account_id`,
    [hashToken(state), sessionTokenHash],
  );
}

/** A code is accepted once, even with a fresh state (defence in depth beside PKCE). */
export async function spendCode(db: Queryable, code: string): Promise<void> {
  try {
    await db.query('INSERT INTO nike_used_codes (code_hash) VALUES ($1)', [hashToken(code)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
    throw error;
  }
}

/** Links the account to the provider's subject id (never its email); one membership per subject. */
export async function saveLink(db: Queryable, accountId: string, subject: string): Promise<void> {
  try {
    await db.query(
      `INSERT INTO nike_links (account_id, provider_subject) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET provider_subject = EXCLUDED.provider_subject, linked_at = now()`,
      [accountId, subject],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('LinkedElsewhere', nikeMessages.linkedElsewhere);
    throw error;
  }
}
