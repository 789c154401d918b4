import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * How a browser is recognised. Every sign-in response gives the browser a random
 * 256-bit id in an HttpOnly, SameSite=Lax cookie that lasts 400 days (the longest a browser keeps
 * one) and is renewed at each sign-in; the database keeps only its hash, per member
 * (known_browsers). It says nothing about the member, outlives sign-out on purpose, and is not the
 * session: a stolen copy signs nobody in. A browser that clears its cookies, or a private window,
 * is a new browser: the member is told once more, which is the safe side to err on. A sign-in notes
 * the browser for the member in the session's statement (start_session, migration 0053): one from a
 * browser new to a member who has others writes the new-sign-in email in the same transaction; a
 * member's first browser ever (a new member, or one from before this feature) is recorded silently.
 */
const browserCookieDays = 400;

function browserCookie(origin: string) {
  const secure = new URL(origin).protocol === 'https:';
  return { name: secure ? '__Host-browser' : 'browser', secure };
}

const idShape = /^[A-Za-z0-9_-]{43}$/;

/** This browser's id hash, giving it an id first if it has none (or one we would not have set). */
export function recogniseBrowser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const cookie = browserCookie(ctx.origin);
  const sent = request.cookies[cookie.name];
  const id = sent && idShape.test(sent) ? sent : newToken();
  reply.setCookie(cookie.name, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: browserCookieDays * 24 * 60 * 60,
  });
  return hashToken(id);
}

/** Forgets browsers not seen for longer than their cookie lives (run with the session sweep). */
export async function sweepKnownBrowsers(db: Queryable): Promise<void> {
  await db.query('DELETE FROM known_browsers WHERE last_seen_at < now() - make_interval(days => $1)', [
    browserCookieDays,
  ]);
}
