import type { FastifyInstance } from 'fastify';
import { registerAccountPartnerRoutes } from './account/account-partner-routes.ts';
import type { AppContext } from './app-context.ts';
import { registerAuditPartnerRoutes } from './audit/audit-partner-routes.ts';
import { registerClaimsPartnerRoutes } from './claims/claims-partner-routes.ts';
import { registerCredentialsPartnerRoutes } from './credentials/credentials-partner-routes.ts';
import { registerDemoPartnerRoutes } from './demo/demo-partner-routes.ts';
import { registerMailPartnerRoutes } from './email/mail-partner-routes.ts';
import { registerInvitePartnerRoutes } from './joining/invite-partner-routes.ts';
import { registerMemberPartnerRoutes } from './member-admin/member-partner-routes.ts';
import { registerKeyPartnerRoutes } from './partner/key-routes.ts';
import { registerOpenApiRoutes } from './partner/openapi-routes.ts';
import { registerPartnerDoor } from './partner/partner-door.ts';
import { registerPointsPartnerRoutes } from './points/points-partner-routes.ts';
import { registerStaffPartnerRoutes } from './staff/staff-partner-routes.ts';

/**
 * The partner API under /partner/v1: the staff and till door onto the same services as the app.
 * Every route is declared in src/shared/api/partner-*.ts (its key scope, audit action and
 * documentation); every write records exactly one audit row in its own transaction
 * (src/server/audit/audit-log.ts). Features are handed the door's registration, never import it.
 */
export async function registerPartnerApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = ctx.partnerApiKey;
  if (!key) {
    ctx.log.info('partner API is off: set PARTNER_API_KEY to enable it');
    return;
  }
  await registerPartnerDoor(app, ctx, key, (serve) => {
    registerMemberPartnerRoutes(serve, ctx);
    registerDemoPartnerRoutes(serve, ctx);
    registerPointsPartnerRoutes(serve, ctx);
    registerClaimsPartnerRoutes(serve, ctx);
    registerInvitePartnerRoutes(serve, ctx);
    registerCredentialsPartnerRoutes(serve, ctx);
    registerAccountPartnerRoutes(serve, ctx);
    registerMailPartnerRoutes(serve, ctx);
    registerStaffPartnerRoutes(serve, ctx);
    registerKeyPartnerRoutes(serve, ctx);
    registerAuditPartnerRoutes(serve, ctx);
    registerOpenApiRoutes(serve, ctx);
  });
}
