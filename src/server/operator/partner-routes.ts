import type { FastifyInstance } from 'fastify';
import { registerAccountPartnerRoutes } from '../account/account-partner-routes.ts';
import type { AppContext } from '../app-context.ts';
import { recordAlone } from '../audit/audit-log.ts';
import { registerClaimsPartnerRoutes } from '../claims/claims-partner-routes.ts';
import { registerCredentialsPartnerRoutes } from '../credentials/credentials-partner-routes.ts';
import { seedDemo } from '../demo/demo-data.ts';
import { registerMailPartnerRoutes } from '../email/mail-partner-routes.ts';
import { registerInvitePartnerRoutes } from '../joining/invite-routes.ts';
import { registerMemberPartnerRoutes } from '../members/member-partner-routes.ts';
import { registerPointsPartnerRoutes } from '../points/points-partner-routes.ts';
import { registerStaffPartnerRoutes } from '../staff/staff-partner-routes.ts';
import { registerOpenApiRoutes } from './openapi-routes.ts';
import { registerPartnerAdminRoutes } from './partner-admin-routes.ts';
import { partnerAudit, requirePartnerKey } from './partner-auth.ts';

/**
 * The partner API under /partner/v1: the staff and till door onto the same services as the app.
 * Every route is in partner-operations.ts (its key scope and documentation); every write records
 * exactly one audit row in its own transaction (src/server/audit/audit-log.ts).
 */
export async function registerPartnerApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = ctx.partnerApiKey;
  if (!key) {
    ctx.log.info('partner API is off: set PARTNER_API_KEY to enable it');
    return;
  }
  await app.register(
    async (partner) => {
      requirePartnerKey(partner, ctx, key);

      registerMemberPartnerRoutes(partner, ctx);
      // Seeding runs several transactions of its own (it is idempotent); its one audit row follows.
      partner.post('/demo', async (request) => {
        const seeded = await seedDemo(ctx);
        await recordAlone(ctx.db, partnerAudit(request, 'demo.seed'), {
          change: { created: seeded.created, loyaltyId: seeded.loyaltyId },
        });
        return seeded;
      });
      registerPointsPartnerRoutes(partner, ctx);
      registerClaimsPartnerRoutes(partner, ctx);
      registerInvitePartnerRoutes(partner, ctx);
      registerCredentialsPartnerRoutes(partner, ctx);
      registerAccountPartnerRoutes(partner, ctx);
      registerMailPartnerRoutes(partner, ctx);
      registerStaffPartnerRoutes(partner, ctx);
      registerPartnerAdminRoutes(partner, ctx);
      registerOpenApiRoutes(partner, ctx);
    },
    { prefix: '/partner/v1' },
  );
}
