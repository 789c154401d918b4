import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import type { Device } from './device.ts';
import { newSignInEmail } from './new-sign-in-email.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * How a browser is recognised (issue 15 §1). Every sign-in response gives the browser a random
 * 256-bit id in an HttpOnly, SameSite=Lax cookie that lasts 400 days (the longest a browser keeps
 * one) and is renewed at each sign-in; the database keeps only its hash, per member
 * (known_browsers). It says nothing about the member, outlives sign-out on purpose, and is not the
 * session: a stolen copy signs nobody in. A browser that clears its cookies, or a private window,
 * is a new browser: the member is told once more, which is the safe side to err on.
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

/**
 * Inside the transaction that starts a session: records that `accountId` signed in on this browser
 * and, when it is new for a member who already has known browsers, writes the new-sign-in email to
 * the outbox. A member's first browser ever (a new member, or one from before this feature) is
 * recorded silently: there is nothing yet to compare it with. The insert decides "new" atomically,
 * so parallel sign-ins on one new browser write one email.
 */
export async function noteSignInBrowser(
  ctx: AppContext,
  tx: Queryable,
  input: { accountId: string; browserHash: string; device: Device },
): Promise<void> {
  const row = await queryOne<{ inserted: boolean; had_others: boolean; email: string | null }>(
    tx,
    `WITH before AS (
       SELECT EXISTS (SELECT 1 FROM known_browsers WHERE account_id = $1) AS had_others
     ), noted AS (
       INSERT INTO known_browsers (account_id, browser_hash) VALUES ($1, $2)
       ON CONFLICT (account_id, browser_hash) DO UPDATE SET last_seen_at = now()
       RETURNING (xmax = 0) AS inserted
     )
     SELECT noted.inserted, before.had_others, a.email
       FROM noted, before, accounts a WHERE a.id = $1`,
    [input.accountId, input.browserHash],
  );
  if (!row?.inserted || !row.had_others || !row.email) return;
  const mail = await newSignInEmail(ctx.config, ctx.origin, {
    to: row.email,
    device: input.device,
    at: new Date(),
  });
  await enqueueMail(tx, mail);
}

/** Forgets browsers not seen for longer than their cookie lives (run with the session sweep). */
export async function sweepKnownBrowsers(db: Queryable): Promise<void> {
  await db.query('DELETE FROM known_browsers WHERE last_seen_at < now() - make_interval(days => $1)', [
    browserCookieDays,
  ]);
}
