import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { sessionCookie } from '../sessions/session-plugin.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

/**
 * The browser-bound cookie of a passkey sign-in: a passkey answer only counts in the browser that
 * asked for the challenge. Scoped to /api/passkeys, so __Secure- rather than __Host- (which demands
 * Path=/).
 */
function flowCookieName(origin: string): string {
  return sessionCookie(origin).secure ? '__Secure-passkey-flow' : 'passkey-flow';
}

/** Keeps (or starts) this browser's flow for `minutes`; answers its hash, which the challenge is bound to. */
export function startPasskeyFlow(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  minutes: number,
) {
  const cookieName = flowCookieName(ctx.origin);
  let nonce = request.cookies[cookieName];
  if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) nonce = newToken();
  reply.setCookie(cookieName, nonce, {
    path: '/api/passkeys',
    httpOnly: true,
    sameSite: 'strict',
    secure: sessionCookie(ctx.origin).secure,
    maxAge: minutes * 60,
  });
  return hashToken(nonce);
}

/** The hash of this browser's flow, if it has one. */
export function passkeyFlowOf(ctx: AppContext, request: FastifyRequest): string | null {
  const nonce = request.cookies[flowCookieName(ctx.origin)];
  return nonce ? hashToken(nonce) : null;
}
