import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { addressOf, clearEvents, countRecent, recordEvent } from './rate-limits.ts';

/** What a throttled sign-in is told; it points to the ways in that are never throttled. */
export function tooManySignInAttemptsMessage(magicLinksEnabled: boolean): string {
  return magicLinksEnabled
    ? 'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or sign in with an emailed link.'
    : 'Too many unsuccessful sign-in attempts. Please wait a few minutes and try again, or reset your password.';
}

/**
 * Failed password sign-ins, throttled per account (the email typed, member or not, so the answer
 * never tells them apart) and per address. Only failures count and a throttled attempt is not
 * checked (so it cannot extend the wait): once the window moves on, the member can try again.
 * Emailed links and passkeys are never throttled by this, so the real member always has a way in.
 */
export function signInThrottle(ctx: AppContext) {
  const { accountFailures, addressFailures, windowMinutes } = ctx.config.signInThrottle;
  return {
    /** Seconds to wait before trying again, or 0 when a password may be checked now. */
    async waitSeconds(request: FastifyRequest, email: string): Promise<number> {
      const [account, address] = await Promise.all([
        countRecent(ctx.db, 'sign-in-account', email, windowMinutes, accountFailures),
        countRecent(ctx.db, 'sign-in-address', addressOf(request), windowMinutes, addressFailures),
      ]);
      const waits = [
        account.count >= accountFailures ? account.retryAfterSeconds : 0,
        address.count >= addressFailures ? address.retryAfterSeconds : 0,
      ];
      return (
        Math.max(...waits, 0) ||
        (account.count >= accountFailures || address.count >= addressFailures ? 1 : 0)
      );
    },
    async failed(request: FastifyRequest, email: string): Promise<void> {
      await recordEvent(ctx.db, 'sign-in-account', email);
      await recordEvent(ctx.db, 'sign-in-address', addressOf(request));
    },
    /** A correct password (or a completed reset) forgives the account's earlier failures. */
    async succeeded(email: string): Promise<void> {
      await clearEvents(ctx.db, 'sign-in-account', email);
    },
  };
}
