import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { deviceOf } from './device.ts';
import { noteSignInBrowser, recogniseBrowser } from './known-browsers.ts';
import type { Session } from './session-service.ts';

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

/** The cookie: __Host- prefixed and Secure outside localhost (SPEC §4 Session, DESIGN security rules). */
export function sessionCookie(origin: string) {
  const secure = new URL(origin).protocol === 'https:';
  return { name: secure ? '__Host-session' : 'session', secure };
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  const cookie = sessionCookie(ctx.origin);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Static files and the partner API never act for a member: skip the database there.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/partner/')) return;
    if (request.routeOptions.config.ownSessionQuery || request.routeOptions.config.anonymous) return;
    const token = request.cookies[cookie.name];
    if (token) request.session = await ctx.sessions.resolve(ctx.db, token);
  });
}

/** Signs the member in on this response: a new session, replacing any the browser had (rotation). */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  options: {
    passkeyId?: string | null;
    /** More of the sign-in's writes, committed with the session (a right password's slot given back). */
    alsoInTransaction?: (tx: Queryable) => Promise<void>;
  } = {},
): Promise<void> {
  const userAgent = request.headers['user-agent'];
  const browserHash = recogniseBrowser(ctx, request, reply);
  const previous = request.session?.tokenHash;
  // The session and its new-sign-in email (if this browser is new to the member) in one transaction.
  const { token, tokenHash } = await ctx.db.transaction(async (tx) => {
    if (previous) await ctx.sessions.destroy(tx, previous);
    const created = await ctx.sessions.create(tx, accountId, {
      passkeyId: options.passkeyId ?? null,
      userAgent,
    });
    await noteSignInBrowser(ctx, tx, { accountId, browserHash, device: deviceOf(userAgent) });
    await options.alsoInTransaction?.(tx);
    return created;
  });
  const cookie = sessionCookie(ctx.origin);
  reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: Math.floor(ctx.sessions.idleMs / 1000),
  });
  request.session = {
    tokenHash,
    accountId,
    passkeyId: options.passkeyId ?? null,
    recentlyAuthenticated: true,
  };
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
  request.session = null;
}

/** The 401 of a call that needs a signed-in member. */
export function signInRequired() {
  // SPEC §7/§8 name this code's field `errorCode`; it travels there too, beside the envelope's `error`.
  return unauthorized('LOGIN_REQUIRED', signInRequiredMessage, { errorCode: 'LOGIN_REQUIRED' });
}

/** The signed-in member's session, or a 401 with the §8 sign-in-required message. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw signInRequired();
  return request.session;
}

const signInRequiredMessage = 'To access your account details, you first need to sign in';

const recentAuthenticationRequiredMessage =
  'For your security, please confirm it is you before making this change.';

/**
 * The signed-in member's session, if they proved who they are within recentAuthenticationMinutes
 * (ASVS 6.2.3); otherwise a 403 with the code `RecentAuthenticationRequired`. For the changes that
 * would let someone at an unattended device take the account over.
 */
export function requireRecentAuthentication(request: FastifyRequest): Session {
  const session = requireSession(request);
  if (!session.recentlyAuthenticated) throw recentAuthenticationRefusal();
  return session;
}

/** The 403 a sensitive change answers when the session's authentication is too old. */
export function recentAuthenticationRefusal() {
  return forbidden('RecentAuthenticationRequired', recentAuthenticationRequiredMessage);
}
