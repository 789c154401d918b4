import type { MemberSession } from '#shared/api/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { deviceOf } from './device.ts';
import type { Session } from './session-service.ts';

/** The most sessions the list shows (newest use first); "sign out everywhere else" ends them all. */
const listLimit = 50;

const sessionUnknownMessage = 'There is no such session of yours: it may have ended already.';

interface SessionRow {
  id: string;
  browser: string | null;
  platform: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  current: boolean;
  passkey_id: string | null;
  passkey_title: string | null;
}

/**
 * The member's own sessions. Every statement names the member's account beside the
 * session id, so another member's id finds nothing: it reads as unknown and changes nothing. Only
 * live sessions are listed (the same two time-outs as liveSessionSql); ending one deletes its row,
 * so the next request with its cookie finds no session and is signed out at once.
 */
export function memberSessionsService(ctx: AppContext) {
  const idleSeconds = ctx.sessions.idleMs / 1000;

  return {
    async list(session: Session): Promise<MemberSession[]> {
      const rows = await ctx.db.query<SessionRow>(
        `SELECT s.id, s.browser, s.platform, s.user_agent, s.created_at, s.last_seen_at,
                s.token_hash = $2 AS current, p.id AS passkey_id, p.title AS passkey_title
           FROM sessions s
           LEFT JOIN passkeys p ON p.id = s.passkey_id AND p.account_id = s.account_id
          WHERE s.account_id = $1
            AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $3)
          ORDER BY s.token_hash = $2 DESC, s.last_seen_at DESC, s.created_at DESC
          LIMIT $4`,
        [session.accountId, session.tokenHash, idleSeconds, listLimit],
      );
      return rows.map(toMemberSession);
    },

    /** Ends one of the member's sessions; whether it was the one asking (then the caller signs out). */
    async end(session: Session, id: string): Promise<{ current: boolean }> {
      const ended = await queryOne<{ current: boolean }>(
        ctx.db,
        `DELETE FROM sessions WHERE id = $1 AND account_id = $2
         RETURNING token_hash = $3 AS current`,
        [id, session.accountId, session.tokenHash],
      );
      if (!ended) throw notFound('SessionUnknown', sessionUnknownMessage);
      return ended;
    },

    /** Ends every other session of the member; how many ended. */
    async endOthers(session: Session): Promise<number> {
      const ended = await ctx.db.query(
        'DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2 RETURNING 1',
        [session.accountId, session.tokenHash],
      );
      return ended.length;
    },
  };
}

function toMemberSession(row: SessionRow): MemberSession {
  // Sessions started before their browser was recorded (migration 0024) are read from the agent.
  const device = row.browser || row.platform ? row : deviceOf(row.user_agent);
  return {
    id: row.id,
    browser: device.browser,
    platform: device.platform,
    signedInAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.last_seen_at).toISOString(),
    current: row.current,
    passkey: row.passkey_id && row.passkey_title ? { id: row.passkey_id, title: row.passkey_title } : null,
  };
}
