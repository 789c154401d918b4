import type { FastifyInstance } from 'fastify';
import { loginEndpoint, logoutEndpoint } from '#shared/api/auth.ts';
import type { AppContext } from '../app-context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import type { AccountRow } from '../members/account-service.ts';
import { signInAccountsRead, signInCandidates } from '../members/email-proof.ts';
import { metrics } from '../operations/metrics.ts';
import { verifyPassword } from '../passwords/passwords.ts';
import { signInThrottle, tooManySignInAttemptsMessage } from '../rate-limits/sign-in-throttle.ts';
import { endSession } from '../sessions/session-plugin.ts';
import { incorrectPasswordMessage, loginFailedMessage } from './sign-in-messages.ts';
import { signedIn } from './signed-in.ts';

export function registerSignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = signInThrottle(ctx);

  /** The account `username` names whose password this is (several may claim an unproven address). */
  async function accountForPassword(candidates: AccountRow[], password: string): Promise<AccountRow | null> {
    // No account still checks a password, so the answer takes as long for strangers.
    if (candidates.length === 0) await verifyPassword(null, password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash, password)) return candidate;
    }
    return null;
  }

  route(
    app,
    loginEndpoint,
    async ({ username, password }, request, reply) => {
      // A slot is taken before the password is checked, so a guesser learns nothing while waiting and
      // a parallel burst gets no more checks than the limit. The accounts are read in the slot's
      // statement, once it is taken: one round trip.
      const slot = await throttle.attempt<AccountRow>(request, username, signInAccountsRead(username));
      if ('waitSeconds' in slot) {
        reply.header('retry-after', String(slot.waitSeconds));
        throw tooManyRequests(
          'TooManyAttempts',
          tooManySignInAttemptsMessage(ctx.config.enableMagicLinkLogins),
        );
      }
      const account = await accountForPassword(signInCandidates(slot.rows), password);
      if (!account) {
        // The slot stays taken: it is this failure.
        await throttle.failed(slot.attempt);
        metrics.signInFailure();
        throw unauthorized('IncorrectPassword', incorrectPasswordMessage, { incorrectPassword: true });
      }
      // Checked after the password, so a wrong guess cannot tell whether an account is blocked.
      if (!account.can_sign_in) {
        await throttle.succeeded(slot.attempt);
        throw forbidden('SignInNotAllowed', loginFailedMessage);
      }
      // The slot is given back in the session's statement: one commit for the whole sign-in.
      return signedIn(ctx, request, reply, account, {
        method: 'password',
        release: throttle.release(slot.attempt),
      });
    },
    { passesUnchanged: true },
  );

  route(
    app,
    logoutEndpoint,
    async (_body, request, reply) => {
      await endSession(ctx, request, reply);
      return { success: true };
    },
    { passesUnchanged: true },
  );
}
