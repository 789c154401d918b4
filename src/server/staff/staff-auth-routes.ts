import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import {
  staffEnrolEndpoint,
  staffEnrolmentOptionsEndpoint,
  staffMeEndpoint,
  staffSignInEndpoint,
  staffSignInOptionsEndpoint,
  staffSignOutEndpoint,
} from '#shared/api/staff.ts';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/errors.ts';
import { staffPasskeys } from './staff-passkeys.ts';
import { openStaffRoute, staffRoute } from './staff-scope.ts';
import { endStaffSession, startStaffSession } from './staff-sessions.ts';
import { findStaffById, staffView } from './staff-store.ts';

/** Staff sign-in: enrolment by link, passkey sign-in, sign-out, and who is signed in. */
export function registerStaffAuthRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const passkeys = staffPasskeys(ctx);

  async function viewOf(staffId: string) {
    const staff = await findStaffById(ctx.db, staffId);
    if (!staff) throw unauthorized('StaffSignInRequired', 'Sign in to the staff console first.');
    return { staff: staffView(staff), currency: ctx.config.allowedCurrencies[0] ?? 'GBP' };
  }

  staffRoute(scope, staffMeEndpoint, async (_body, staff) => viewOf(staff.staffId));

  openStaffRoute(scope, staffEnrolmentOptionsEndpoint, async ({ token }, request, reply) =>
    passkeys.enrolmentOptions(request, reply, token),
  );

  openStaffRoute(scope, staffEnrolEndpoint, async ({ token, response }, request, reply, auditBy) => {
    const staffId = await passkeys.enrol(
      request,
      token,
      response as unknown as RegistrationResponseJSON,
      async (tx, id, passkeyId) => {
        await startStaffSession(ctx, tx, request, reply, { staffId: id, passkeyId });
        // The staff member's own write: a passkey registered with their enrolment link.
        const staff = await findStaffById(tx, id);
        await auditBy({ staffId: id, email: staff?.email ?? '' })(tx, {
          change: { staffId: id },
        });
      },
    );
    return viewOf(staffId);
  });

  openStaffRoute(scope, staffSignInOptionsEndpoint, async (_body, request, reply) =>
    passkeys.signInOptions(request, reply),
  );

  openStaffRoute(scope, staffSignInEndpoint, async ({ response }, request, reply) => {
    const staffId = await passkeys.signIn(
      request,
      response as unknown as AuthenticationResponseJSON,
      (tx, id, passkeyId) => startStaffSession(ctx, tx, request, reply, { staffId: id, passkeyId }),
    );
    return viewOf(staffId);
  });

  openStaffRoute(scope, staffSignOutEndpoint, async (_body, request, reply) => {
    await endStaffSession(ctx, request, reply);
    return { success: true as const };
  });
}
