import { createStaff, staffEnrolmentLink } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { createStaffMember, newEnrolmentLinkByEmail } from './staff-admin-service.ts';

/**
 * Staff accounts under /partner/v1 (the operator CLI's `staff create`, `staff enrolment-link`): how
 * the first admin comes to be, and back in after losing their only device, with the bootstrap key;
 * the same services as the console's admin page.
 */
export function registerStaffPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(createStaff, async (input, { audit }) => createStaffMember(ctx, input, audit));
  serve(staffEnrolmentLink, async ({ email }, { audit }) => newEnrolmentLinkByEmail(ctx, email, audit));
}
