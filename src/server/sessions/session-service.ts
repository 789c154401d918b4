import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from './tokens.ts';

export interface Session {
  tokenHash: string;
  accountId: string;
  passkeyId: string | null;
}

const minute = 60_000;

/** Server-side sessions: opaque token in the cookie, its hash in the database, idle and absolute expiry. */
export function sessionService(config: Config) {
  const idleMs = config.sessionIdleTimeoutMinutes * minute;
  const absoluteMs = config.sessionAbsoluteTimeoutDays * 24 * 60 * minute;

  return {
    idleMs,

    /** Starts a new session; the token is returned once, for the cookie, and only its hash is kept. */
    async create(
      db: Queryable,
      accountId: string,
      options: { passkeyId?: string | null; userAgent?: string | undefined } = {},
    ): Promise<{ token: string; tokenHash: string }> {
      const token = newToken();
      const tokenHash = hashToken(token);
      await db.query(
        `INSERT INTO sessions (token_hash, account_id, expires_at, passkey_id, user_agent)
         VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
        [tokenHash, accountId, absoluteMs / 1000, options.passkeyId ?? null, options.userAgent ?? null],
      );
      return { token, tokenHash };
    },

    /** The live session for a cookie token, touching its idle clock; null when unknown or expired. */
    async resolve(db: Queryable, token: string): Promise<Session | null> {
      const row = await queryOne<{ token_hash: string; account_id: string; passkey_id: string | null }>(
        db,
        `UPDATE sessions s SET last_seen_at = now()
         FROM accounts a
         WHERE s.token_hash = $1 AND a.id = s.account_id
           AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)
           AND a.deleted_at IS NULL AND a.can_sign_in
         RETURNING s.token_hash, s.account_id, s.passkey_id`,
        [hashToken(token), idleMs / 1000],
      );
      return row ? { tokenHash: row.token_hash, accountId: row.account_id, passkeyId: row.passkey_id } : null;
    },

    async destroy(db: Queryable, tokenHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },

    /** Ends every session of a member, except `keepTokenHash` (the one making the change). */
    async destroyAllFor(
      db: Queryable,
      accountId: string,
      keepTokenHash: string | null = null,
    ): Promise<void> {
      await db.query('DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2', [
        accountId,
        keepTokenHash,
      ]);
    },

    /** Removes sessions past either time-out; run now and then, not on the request path. */
    async sweep(db: Queryable): Promise<void> {
      await db.query(
        'DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)',
        [idleMs / 1000],
      );
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
