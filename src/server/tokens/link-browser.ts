import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

/**
 * The browser that asks for an emailed link. Mail gateways (Defender Safe Links and
 * others) open every link in a browser that runs scripts; a link that signed in on page load was
 * spent by them, and they got the session. So asking for a link gives this browser a random nonce
 * in an HttpOnly, SameSite=Lax cookie, and the token stores the nonce's hash (link_tokens.browser_hash):
 * opened in this browser the link works at once; opened anywhere else, the page asks for one click.
 *
 * The nonce never stands in for the token: without the emailed token it does nothing, and with it it
 * only spares the member the click. So one nonce per browser serves every link it asks for (a sign-in
 * link and a reset link at once both work), and a nonce planted by someone else gains them nothing.
 */
function linkBrowserCookie(origin: string) {
  const secure = new URL(origin).protocol === 'https:';
  return { name: secure ? '__Host-link-browser' : 'link-browser', secure };
}

const nonceShape = /^[A-Za-z0-9_-]{43}$/;

/** The hash of the nonce this browser sent, or null (no cookie, or not one we would have set). */
function thisBrowser(ctx: AppContext, request: FastifyRequest): string | null {
  const nonce = request.cookies[linkBrowserCookie(ctx.origin).name];
  return nonce && nonceShape.test(nonce) ? hashToken(nonce) : null;
}

/**
 * For a request that asks for a link: the hash of this browser's nonce, which the token will carry.
 * A browser without one gets one; the cookie lasts as long as the longest-lived link.
 */
export function bindToThisBrowser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const cookie = linkBrowserCookie(ctx.origin);
  const sent = request.cookies[cookie.name];
  const nonce = sent && nonceShape.test(sent) ? sent : newToken();
  const longestMinutes = Math.max(
    ctx.config.magicLinkExpiryMinutes,
    ctx.config.passwordResetExpiryMinutes,
    ctx.config.verificationExpiryHours * 60,
  );
  reply.setCookie(cookie.name, nonce, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: longestMinutes * 60,
  });
  return hashToken(nonce);
}

/** Who opens a link: this browser's nonce hash, and whether the member clicked the page's button. */
export interface Opener {
  browserHash: string | null;
  confirmed: boolean;
}

/** The opener of a link call: `confirmed` is the body's flag, sent only by the button. */
export function openerOf(ctx: AppContext, request: FastifyRequest, confirmed: boolean | undefined): Opener {
  return { browserHash: thisBrowser(ctx, request), confirmed: confirmed === true };
}

/**
 * The answer to a link opened elsewhere than where it was asked for: nothing is spent (nothing went
 * wrong either, so `success`, but no account), and the page shows its one button, whose click sends
 * the call again with `confirmed`.
 */
export function confirmationRequired(action: string) {
  return {
    success: true,
    confirmationRequired: true,
    message: `This link was opened in another browser than the one that asked for it. Press the button to ${action}.`,
  };
}
