import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { sweepKnownBrowsers } from './known-browsers.ts';
import { hashToken } from './tokens.ts';

export interface Session {
  tokenHash: string;
  accountId: string;
  passkeyId: string | null;
  /**
   * Whether the member proved who they are (sign-in or re-confirmation) within
   * recentAuthenticationMinutes: the sensitive changes need it (ASVS 6.2.3).
   */
  recentlyAuthenticated: boolean;
}

const minute = 60_000;

/** A live session as liveSessionSql reads it. */
export interface LiveSessionRow {
  token_hash: string;
  account_id: string;
  passkey_id: string | null;
  stale: boolean;
  recent: boolean;
}

/**
 * The live session of a token hash ($1): within both time-outs ($2 idle seconds), its member not
 * deleted and allowed to sign in; `recent` says whether they proved who they are within $3 minutes.
 * The one definition of a live session: resolve() runs it alone, the viewer as part of its one query.
 */
export const liveSessionSql = `SELECT s.token_hash, s.account_id, s.passkey_id,
         s.last_seen_at < now() - interval '1 minute' AS stale,
         s.authenticated_at > now() - make_interval(mins => $3) AS recent
    FROM sessions s JOIN accounts a ON a.id = s.account_id
   WHERE s.token_hash = $1
     AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)
     AND a.deleted_at IS NULL AND a.can_sign_in`;

/** Server-side sessions: opaque token in the cookie, its hash in the database, idle and absolute expiry. */
export function sessionService(config: Config) {
  const idleMs = config.sessionIdleTimeoutMinutes * minute;
  const absoluteMs = config.sessionAbsoluteTimeoutDays * 24 * 60 * minute;
  const recentMinutes = config.recentAuthenticationMinutes;

  /** The parameters of liveSessionSql for a cookie token ($1 to $3). */
  function liveSessionParams(token: string): [string, number, number] {
    return [hashToken(token), idleMs / 1000, recentMinutes];
  }

  /**
   * The Session of a live row of liveSessionSql; writes the idle clock when it is a minute old (the
   * only write of a read, at most once a minute a session).
   */
  async function keepAlive(db: Queryable, row: LiveSessionRow): Promise<Session> {
    if (row.stale)
      await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [row.token_hash]);
    return {
      tokenHash: row.token_hash,
      accountId: row.account_id,
      passkeyId: row.passkey_id,
      recentlyAuthenticated: row.recent,
    };
  }

  return {
    idleMs,
    /** A session ends this long after it started, however busy (start_session, session-plugin.ts). */
    absoluteMs,

    /**
     * The live session for a cookie token; null when unknown or expired. The idle clock is written at
     * most once a minute, so reading pages does not turn every request into a database write.
     */
    async resolve(db: Queryable, token: string): Promise<Session | null> {
      const row = await queryOne<LiveSessionRow>(db, liveSessionSql, liveSessionParams(token), {
        prepared: 'live-session',
      });
      return row ? keepAlive(db, row) : null;
    },

    liveSessionParams,
    keepAlive,

    /** The member of this session just proved who they are again (a re-confirmation). */
    async markAuthenticated(db: Queryable, tokenHash: string): Promise<void> {
      await db.query('UPDATE sessions SET authenticated_at = now() WHERE token_hash = $1', [tokenHash]);
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

    /** Removes sessions past either time-out, and long-unseen browsers; run now and then. */
    async sweep(db: Queryable): Promise<void> {
      await db.query(
        'DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)',
        [idleMs / 1000],
      );
      await sweepKnownBrowsers(db);
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
