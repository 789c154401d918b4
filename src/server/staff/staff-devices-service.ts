import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { describeUserAgent } from '../credentials/user-agent.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { findStaffById } from './staff-store.ts';

/**
 * A staff member's passkeys and live sessions, as an admin sees and revokes them (a lost device).
 * Every statement names the staff member beside the passkey's or session's own id, so an id of
 * somebody else's answers 404 and touches nothing. Sessions are named by a random id, never by the
 * token or its hash.
 */

async function listStaffDevices(ctx: AppContext, db: Queryable, staffId: string, viewerToken: string) {
  const passkeys = await db.query<{ id: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT id, created_at, last_used_at FROM staff_passkeys WHERE staff_id = $1 ORDER BY created_at, id',
    [staffId],
  );
  const sessions = await db.query<{
    id: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    user_agent: string | null;
    passkey_id: string | null;
    current: boolean;
  }>(
    `SELECT id, created_at, last_seen_at, expires_at, user_agent, passkey_id, token_hash = $3 AS current
       FROM staff_sessions
      WHERE staff_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(mins => $2)
      ORDER BY created_at DESC, id`,
    [staffId, ctx.config.staff.sessionIdleMinutes, viewerToken],
  );
  return {
    passkeys: passkeys.map((p) => ({
      id: p.id,
      createdAt: p.created_at.toISOString(),
      lastUsedAt: p.last_used_at?.toISOString() ?? null,
    })),
    sessions: sessions.map((s) => {
      const described = describeUserAgent(s.user_agent ?? undefined);
      return {
        id: s.id,
        createdAt: s.created_at.toISOString(),
        lastSeenAt: s.last_seen_at.toISOString(),
        expiresAt: s.expires_at.toISOString(),
        browser: described.browser,
        os: described.os,
        passkeyId: s.passkey_id,
        current: s.current,
      };
    }),
  };
}

async function staffOrNotFound(db: Queryable, staffId: string) {
  const staff = await findStaffById(db, staffId);
  if (!staff) throw notFound('StaffNotFound', 'There is no staff member with that id.');
  return staff;
}

/** The admin's view of a staff member's devices; `viewerToken` marks the admin's own session. */
export async function staffDevices(ctx: AppContext, staffId: string, viewerToken: string) {
  await staffOrNotFound(ctx.db, staffId);
  return listStaffDevices(ctx, ctx.db, staffId, viewerToken);
}

/** Removes a passkey; the sessions it started end with it (foreign key, migration 0063). */
export async function revokeStaffPasskey(
  ctx: AppContext,
  target: { staffId: string; passkeyId: string },
  viewerToken: string,
  audit: Audit,
) {
  return ctx.db.transaction(async (tx) => {
    const staff = await staffOrNotFound(tx, target.staffId);
    const removed = await tx.query(
      'DELETE FROM staff_passkeys WHERE id = $1 AND staff_id = $2 RETURNING id',
      [target.passkeyId, target.staffId],
    );
    if (removed.length === 0)
      throw notFound('StaffPasskeyUnknown', 'That staff member has no passkey with that id.');
    await audit(tx, { change: { staffId: staff.id, email: staff.email, passkeyId: target.passkeyId } });
    return listStaffDevices(ctx, tx, target.staffId, viewerToken);
  });
}

/** Ends one of a staff member's sessions: its next request is signed out. */
export async function endStaffSessionById(
  ctx: AppContext,
  target: { staffId: string; sessionId: string },
  viewerToken: string,
  audit: Audit,
) {
  return ctx.db.transaction(async (tx) => {
    const staff = await staffOrNotFound(tx, target.staffId);
    const ended = await tx.query('DELETE FROM staff_sessions WHERE id = $1 AND staff_id = $2 RETURNING id', [
      target.sessionId,
      target.staffId,
    ]);
    if (ended.length === 0)
      throw notFound('StaffSessionUnknown', 'That staff member has no session with that id.');
    await audit(tx, { change: { staffId: staff.id, email: staff.email, sessionId: target.sessionId } });
    return listStaffDevices(ctx, tx, target.staffId, viewerToken);
  });
}
