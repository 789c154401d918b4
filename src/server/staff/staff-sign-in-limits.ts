import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Bucket, limitByAddress, limitByKey } from '../rate-limits/rate-limits.ts';
import { staffOfBrowser } from './staff-browsers.ts';

const tooManyFromAddressMessage =
  'There have been a lot of staff sign-ins from your connection. Please wait a few minutes and try again.';
const tooManyForAccountMessage =
  'There have been a lot of sign-ins to this staff account. Please wait a few minutes and try again.';

/**
 * The limits of the staff passkey ceremonies (each stores a challenge). A ceremony that names a
 * staff member counts against that member's own limit only: enrolment by a live link (the link names
 * them) and sign-in from a browser they signed in on before (staff-browsers.ts). Anything else counts
 * against the caller's address. So whoever shares an address (an office, or every client behind a
 * proxy missing from trustedProxies) can spend only the address's anonymous allowance, never a staff
 * member's; and spending a staff member's needs their browser's cookie or their enrolment link. The
 * account's limit holds whatever addresses the requests come from
 * (docs/decisions/0071-staff-sign-in-the-accounts-own.md).
 */
export function staffSignInLimits(ctx: AppContext) {
  const { signInPerAddress, signInPerAccount, signInWindowMinutes: windowMinutes } = ctx.config.staff;

  function perAccount(reply: FastifyReply, bucket: Bucket, staffId: string) {
    const limit = { bucket, key: staffId, limit: signInPerAccount, windowMinutes };
    return limitByKey(ctx.db, reply, limit, tooManyForAccountMessage);
  }

  function perAddress(request: FastifyRequest, reply: FastifyReply) {
    const limits = { limit: signInPerAddress, windowMinutes };
    return limitByAddress(ctx.db, request, reply, 'staff-sign-in-address', limits, tooManyFromAddressMessage);
  }

  return {
    /** Sign-in options: the browser's staff member's limit, or the address's for a browser unknown. */
    async signIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const staffId = await staffOfBrowser(ctx, request);
      if (staffId) await perAccount(reply, 'staff-sign-in-account', staffId);
      else await perAddress(request, reply);
    },
    /**
     * Enrolment options: the limit of the staff member a live link names (its own bucket, so a stolen
     * browser spending the sign-in allowance cannot hold up the new device), or the address's.
     */
    async enrolment(request: FastifyRequest, reply: FastifyReply, staffId: string | null): Promise<void> {
      if (staffId) await perAccount(reply, 'staff-enrolment-account', staffId);
      else await perAddress(request, reply);
    },
  };
}
