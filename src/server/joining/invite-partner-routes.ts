import { createInvite } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { createInvite as invite } from './invite-service.ts';

/** POST /partner/v1/invites: staff invite someone; the invitation is emailed and its URL returned. */
export function registerInvitePartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(createInvite, async (input, { audit }) => {
    const { invite: row, acceptUrl } = await invite(ctx, input, audit);
    return createInvite.response.parse({
      success: true,
      invite: {
        id: row.id,
        email: row.email,
        fullName: row.full_name,
        invitedBy: row.invited_by,
        existingCustomer: row.existing_customer,
        expiresAt: row.expires_at.toISOString(),
        acceptUrl,
      },
    });
  });
}
