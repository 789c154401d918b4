import type { FastifyInstance } from 'fastify';
import { registerAccountPartnerRoutes } from '../account/account-partner-routes.ts';
import type { AppContext } from '../app-context.ts';
import { registerCredentialsPartnerRoutes } from '../credentials/credentials-partner-routes.ts';
import { seedDemo } from '../demo/demo-data.ts';
import { registerMailPartnerRoutes } from '../email/mail-partner-routes.ts';
import { registerInvitePartnerRoutes } from '../joining/invite-routes.ts';
import { registerMemberPartnerRoutes } from '../members/member-partner-routes.ts';
import { registerPointsPartnerRoutes } from '../points/points-partner-routes.ts';
import { registerStaffPartnerRoutes } from '../staff/staff-partner-routes.ts';
import { requirePartnerKey } from './partner-auth.ts';

/** The partner API under /partner/v1: the staff and till door onto the same services as the app. */
export async function registerPartnerApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = ctx.partnerApiKey;
  if (!key) {
    ctx.log.info('partner API is off: set PARTNER_API_KEY to enable it');
    return;
  }
  await app.register(
    async (partner) => {
      requirePartnerKey(partner, key);

      registerMemberPartnerRoutes(partner, ctx);
      partner.post('/demo', async () => seedDemo(ctx));
      registerPointsPartnerRoutes(partner, ctx);
      registerInvitePartnerRoutes(partner, ctx);
      registerCredentialsPartnerRoutes(partner, ctx);
      registerAccountPartnerRoutes(partner, ctx);
      registerMailPartnerRoutes(partner, ctx);
      registerStaffPartnerRoutes(partner, ctx);
    },
    { prefix: '/partner/v1' },
  );
}
