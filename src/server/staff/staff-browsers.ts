import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

/**
 * Browsers a staff member has signed in on (staff_browsers, migration 0063): a long-lived random
 * HttpOnly cookie whose hash names the staff member. It proves nothing and opens nothing; it only
 * lets a sign-in from that browser count against the staff member's own limit instead of the
 * address's, which anyone sharing the address can spend (staff-sign-in-limits.ts).
 */
const browserDays = 90;

function browserCookie(origin: string) {
  const secure = new URL(origin).protocol === 'https:';
  // Only the sign-in ceremony reads it.
  return { name: secure ? '__Secure-staff-browser' : 'staff-browser', secure, path: '/staff-api/signin' };
}

function cookieToken(ctx: AppContext, request: FastifyRequest): string | null {
  const token = request.cookies[browserCookie(ctx.origin).name];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The active staff member this browser signed in as before, or null. */
export async function staffOfBrowser(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const token = cookieToken(ctx, request);
  if (!token) return null;
  const row = await queryOne<{ staff_id: string }>(
    ctx.db,
    `SELECT b.staff_id FROM staff_browsers b JOIN staff_members m ON m.id = b.staff_id
      WHERE b.browser_hash = $1 AND m.deactivated_at IS NULL
        AND b.last_seen_at > now() - make_interval(days => $2)`,
    [hashToken(token), browserDays],
  );
  return row?.staff_id ?? null;
}

/**
 * Notes this browser as `staffId`'s, on `db` (the sign-in's transaction). A cookie that names
 * another staff member, or nobody, is replaced by a fresh one: a client cannot pick the row it joins.
 */
export async function rememberStaffBrowser(
  ctx: AppContext,
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: string,
): Promise<void> {
  const token = cookieToken(ctx, request);
  if (token) {
    const kept = await queryOne(
      db,
      `UPDATE staff_browsers SET last_seen_at = now() WHERE browser_hash = $1 AND staff_id = $2 RETURNING 1`,
      [hashToken(token), staffId],
    );
    if (kept) return;
  }
  const fresh = newToken();
  await db.query('INSERT INTO staff_browsers (browser_hash, staff_id) VALUES ($1, $2)', [
    hashToken(fresh),
    staffId,
  ]);
  const cookie = browserCookie(ctx.origin);
  reply.setCookie(cookie.name, fresh, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    maxAge: browserDays * 86_400,
  });
}

/** Removes browsers not seen for longer than the cookie lives; run with the staff session sweep. */
export async function sweepStaffBrowsers(ctx: AppContext): Promise<void> {
  await ctx.db.query('DELETE FROM staff_browsers WHERE last_seen_at <= now() - make_interval(days => $1)', [
    browserDays,
  ]);
}
