import type { FastifyInstance } from 'fastify';
import { createStaffRequest, staffEnrolmentLinkByEmailRequest } from '#shared/api/staff.ts';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { createStaffMember, newEnrolmentLinkByEmail } from './staff-admin-service.ts';

/**
 * Staff accounts under /partner/v1 (the operator CLI's `staff create`, `staff enrolment-link`): how
 * the first admin comes to be, and back in after losing their only device, with the bootstrap key;
 * the same services as the console's admin page.
 */
export function registerStaffPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/staff', async (request, reply) => {
    const created = await createStaffMember(
      ctx,
      parseOrThrow(createStaffRequest, request.body),
      partnerAudit(request, 'staff.create'),
    );
    reply.code(201);
    return created;
  });
  partner.post('/staff/enrolment-link', async (request) => {
    const { email } = parseOrThrow(staffEnrolmentLinkByEmailRequest, request.body);
    return newEnrolmentLinkByEmail(ctx, email, partnerAudit(request, 'staff.enrolment_link'));
  });
}
