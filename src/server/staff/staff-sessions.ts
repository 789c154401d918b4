import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '#shared/domain/staff-roles.ts';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { rememberStaffBrowser, sweepStaffBrowsers } from './staff-browsers.ts';

/** The signed-in staff member of a request (staff-scope.ts resolves it from the staff cookie). */
export interface StaffSession {
  tokenHash: string;
  staffId: string;
  email: string;
  fullName: string;
  role: StaffRole;
}

/**
 * The staff cookie: its own name, scoped to /staff-api so it never travels with a member's request
 * (and the member's cookie is never read by a staff route), HttpOnly, SameSite=Strict. __Secure-
 * rather than __Host-, which demands Path=/.
 */
export function staffCookie(origin: string) {
  const secure = new URL(origin).protocol === 'https:';
  return { name: secure ? '__Secure-staff' : 'staff', secure, path: '/staff-api' };
}

/** The live staff session of a cookie token: within both time-outs, its staff member active. */
export async function resolveStaffSession(ctx: AppContext, token: string): Promise<StaffSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await queryOne<{
    token_hash: string;
    staff_id: string;
    email: string;
    full_name: string;
    role: StaffRole;
    stale: boolean;
  }>(
    ctx.db,
    `SELECT s.token_hash, s.staff_id, m.email, m.full_name, m.role,
            s.last_seen_at < now() - interval '1 minute' AS stale
       FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id
      WHERE s.token_hash = $1 AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2) AND m.deactivated_at IS NULL`,
    [hashToken(token), ctx.config.staff.sessionIdleMinutes],
  );
  if (!row) return null;
  // The idle clock is written at most once a minute, so reading does not write on every request.
  if (row.stale)
    await ctx.db.query('UPDATE staff_sessions SET last_seen_at = now() WHERE token_hash = $1', [
      row.token_hash,
    ]);
  return {
    tokenHash: row.token_hash,
    staffId: row.staff_id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
  };
}

/**
 * Signs a staff member in on this response: a new session, replacing the one the browser had, tied to
 * the passkey that proved them (revoking it ends the session); the browser is noted as theirs.
 */
export async function startStaffSession(
  ctx: AppContext,
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: { staffId: string; passkeyId: string },
): Promise<void> {
  const { staffId, passkeyId } = signedIn;
  const token = newToken();
  if (request.staff)
    await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [request.staff.tokenHash]);
  await db.query(
    `INSERT INTO staff_sessions (token_hash, staff_id, passkey_id, expires_at, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5)`,
    [
      hashToken(token),
      staffId,
      passkeyId,
      ctx.config.staff.sessionAbsoluteHours,
      request.headers['user-agent'] ?? null,
    ],
  );
  await rememberStaffBrowser(ctx, db, request, reply, staffId);
  const cookie = staffCookie(ctx.origin);
  reply.setCookie(cookie.name, token, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    maxAge: ctx.config.staff.sessionAbsoluteHours * 3600,
  });
}

export async function endStaffSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.staff)
    await ctx.db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [request.staff.tokenHash]);
  const cookie = staffCookie(ctx.origin);
  reply.clearCookie(cookie.name, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
  });
  request.staff = null;
}

/** Removes staff sessions past either time-out, and browsers long unseen; run with the members' sweep. */
export async function sweepStaffSessions(ctx: AppContext): Promise<void> {
  await ctx.db.query(
    `DELETE FROM staff_sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $1)`,
    [ctx.config.staff.sessionIdleMinutes],
  );
  await sweepStaffBrowsers(ctx);
}
