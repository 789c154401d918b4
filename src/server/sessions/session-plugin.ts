import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signOutCookieName } from '#shared/domain/sign-out.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne, type Row } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { forbidden } from '../http/errors.ts';
import type { SlotRelease } from '../rate-limits/rate-limits.ts';
import { deviceOf } from './device.ts';
import { recogniseBrowser } from './known-browsers.ts';
import { newSignInEmail } from './new-sign-in-email.ts';
import { tellOfflineCard } from './offline-card-tag.ts';
import type { Session } from './session-service.ts';
import { hashToken, newToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member's session, or null for an anonymous visitor. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /**
     * The route resolves the session inside its own query (the viewer and the pages: one round trip,
     * see viewer-service.ts), so the hook below leaves it alone.
     */
    ownSessionQuery?: boolean;
    /** The route never acts for a member (health checks, metrics): no session is looked up. */
    anonymous?: boolean;
  }
}

const sessionCookies = new Map<string, { readonly name: string; readonly secure: boolean }>();

/** The cookie: __Host- prefixed and Secure outside localhost (SPEC §4 Session, DESIGN security rules). */
export function sessionCookie(origin: string) {
  // Worked out once per origin: the viewer asks on every request.
  let cookie = sessionCookies.get(origin);
  if (!cookie) {
    const secure = new URL(origin).protocol === 'https:';
    cookie = { name: secure ? '__Host-session' : 'session', secure };
    sessionCookies.set(origin, cookie);
  }
  return cookie;
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  const cookie = sessionCookie(ctx.origin);
  const signOut = signOutCookieName(cookie.secure);
  app.decorateRequest('session', null);
  // A callback hook: most requests never wait here, and an async hook costs each one a promise.
  app.addHook('onRequest', (request, reply, done) => {
    // Static files and the partner API never act for a member: skip the database there.
    if (
      request.url.startsWith('/assets/') ||
      request.url.startsWith('/partner/') ||
      request.routeOptions.config.anonymous
    )
      return done();
    if (request.cookies[signOut] !== undefined) return signedOutInBrowser(request, reply, done);
    const token = request.routeOptions.config.ownSessionQuery ? undefined : request.cookies[cookie.name];
    if (!token) return done();
    ctx.sessions.resolve(ctx.db, token).then((session) => {
      request.session = session;
      // A cookie whose session has ended (expired, ended elsewhere): the card kept offline goes too.
      if (!session) tellOfflineCard(reply, null);
      done();
    }, done);
  });

  /**
   * The member signed out in this browser (shared/domain/sign-out.ts): the session this request came
   * with ends before anything reads it, and the request goes on as an anonymous visitor's.
   */
  function signedOutInBrowser(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    const token = request.cookies[cookie.name];
    delete request.cookies[cookie.name];
    delete request.cookies[signOut];
    reply.clearCookie(signOut, { path: '/', sameSite: 'lax', secure: cookie.secure });
    tellOfflineCard(reply, null);
    if (!token) return done();
    reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
    ctx.sessions.destroy(ctx.db, hashToken(token)).then(() => done(), done);
  }
}

/** Columns read in the statement that starts a session, of its member (`started.member_id`). */
export interface ReadWithSession {
  /** The statement's prepared name: one per `columns`. */
  name: string;
  columns: string;
}

/** The error start_session raises when the sign-in must write the new-sign-in email (migration 0053). */
const mailFollowsCode = 'LS001';

/**
 * Signs the member in on this response: a new session, replacing any the browser had (rotation).
 * One statement (start_session, migration 0053, which says what it writes) with `read`'s columns;
 * its answer is their row. A browser new to a member who has others takes a transaction: the
 * statement again, and the new-sign-in email, committed together.
 */
export async function startSession<T extends object = Row>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  options: {
    passkeyId?: string | null;
    /** A right password's slot given back (sign-in-throttle.ts), committed with the session. */
    release?: SlotRelease;
    read?: ReadWithSession;
    /**
     * The member proved their inbox to sign in (an emailed sign-in, reset, verification or
     * invitation link): a new browser needs no "New sign-in" email, they have just read ours.
     */
    inboxProven?: boolean;
  } = {},
): Promise<T> {
  const userAgent = request.headers['user-agent'];
  const browserHash = recogniseBrowser(ctx, request, reply);
  const token = newToken();
  const tokenHash = hashToken(token);
  // The browser's name is read once here, so the sessions list never parses on its way out.
  const device = deviceOf(userAgent);
  const release = options.release;
  const params = (mailFollows: boolean) => [
    accountId,
    tokenHash,
    ctx.sessions.absoluteMs / 1000,
    options.passkeyId ?? null,
    userAgent?.slice(0, 1000) ?? null,
    device.browser,
    device.platform,
    request.session?.tokenHash ?? null,
    browserHash,
    mailFollows,
    release?.forgiveBucket ?? null,
    release?.forgiveKey ?? null,
    release?.releaseBucket ?? null,
    release?.releaseKey ?? null,
    release?.releaseAt ?? null,
  ];
  const sql = `SELECT started.mail_to${options.read ? `, ${options.read.columns}` : ''}
    FROM start_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) started`;
  const prepared = { prepared: options.read?.name ?? 'start-session' };
  let row: T | undefined;
  try {
    // Told that no mail follows, start_session stops when one should; told that one does, it
    // answers the address, and an emailed link's sign-in simply sends nothing to it.
    row = await queryOne<T>(ctx.db, sql, params(options.inboxProven === true), prepared);
  } catch (error) {
    if ((error as { code?: string }).code !== mailFollowsCode) throw error;
    row = await ctx.db.transaction(async (tx) => {
      const again = await queryOne<T & { mail_to: string | null }>(tx, sql, params(true), prepared);
      if (again?.mail_to) {
        // Rare (a new browser), so one more statement: the advice names a password only if there is one.
        const account = await queryOne<{ has_password: boolean }>(
          tx,
          'SELECT password_hash IS NOT NULL AS has_password FROM accounts WHERE id = $1',
          [accountId],
        );
        const mail = await newSignInEmail(ctx.config, ctx.origin, {
          to: again.mail_to,
          device,
          at: new Date(),
          hasPassword: account?.has_password ?? true,
        });
        await enqueueMail(tx, mail);
      }
      return again;
    });
  }
  if (!row) throw new Error('start_session answered no row');
  const cookie = sessionCookie(ctx.origin);
  reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: Math.floor(ctx.sessions.idleMs / 1000),
  });
  tellOfflineCard(reply, tokenHash);
  request.session = {
    tokenHash,
    accountId,
    passkeyId: options.passkeyId ?? null,
    recentlyAuthenticated: true,
  };
  return row;
}

/** Signs the member out on this response. */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.session?.tokenHash) await ctx.sessions.destroy(ctx.db, request.session.tokenHash);
  const cookie = sessionCookie(ctx.origin);
  reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
  tellOfflineCard(reply, null);
  request.session = null;
}

const recentAuthenticationRequiredMessage =
  'For your security, please confirm it is you before making this change.';

/**
 * The signed-in member's session, if they proved who they are within recentAuthenticationMinutes
 * (ASVS 6.2.3); otherwise a 403 with the code `RecentAuthenticationRequired`. For the changes that
 * would let someone at an unattended device take the account over. The endpoint's door has already
 * refused a caller without a session (`who: 'signed-in'`).
 */
export function requireRecentAuthentication(session: Session): Session {
  if (!session.recentlyAuthenticated) throw recentAuthenticationRefusal();
  return session;
}

/** The 403 a sensitive change answers when the session's authentication is too old. */
export function recentAuthenticationRefusal() {
  return forbidden('RecentAuthenticationRequired', recentAuthenticationRequiredMessage);
}
