import type { FastifyInstance } from 'fastify';
import { registerAccountPartnerRoutes } from '../account/account-partner-routes.ts';
import { createAccount, isUniqueViolation } from '../accounts/account-service.ts';
import type { AppContext } from '../app-context.ts';
import { hashPassword, isAcceptablePassword, passwordRequirementsMessage } from '../auth/passwords.ts';
import { registerCredentialsPartnerRoutes } from '../credentials/credentials-partner-routes.ts';
import { seedDemo } from '../demo/demo-data.ts';
import { registerMailPartnerRoutes } from '../email/mail-partner-routes.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { registerInvitePartnerRoutes } from '../invites/invite-routes.ts';
import { registerPointsPartnerRoutes } from '../points/points-partner-routes.ts';
import { createMemberRequest } from './member-schemas.ts';
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

      partner.post('/members', async (request, reply) => {
        const input = parseOrThrow(createMemberRequest, request.body);
        if (input.password !== undefined && !isAcceptablePassword(input.password, 6)) {
          throw badRequest('InvalidPassword', passwordRequirementsMessage, {
            fieldErrors: { password: passwordRequirementsMessage },
          });
        }
        const passwordHash = input.password ? await hashPassword(input.password) : null;
        try {
          // One transaction: a member created with a proven email ends other claims on it (email-proof.ts).
          const account = await ctx.db.transaction((tx) =>
            createAccount(tx, {
              email: input.email,
              fullName: input.name,
              passwordHash,
              emailVerified: input.emailVerified,
            }),
          );
          reply.code(201);
          return {
            member: {
              id: account.id,
              loyaltyId: account.loyalty_id,
              email: input.email,
              fullName: account.full_name,
            },
          };
        } catch (error) {
          if (isUniqueViolation(error))
            throw conflict('MemberExists', `A member with the email ${input.email} already exists.`);
          throw error;
        }
      });

      partner.post('/demo', async () => seedDemo(ctx));
      registerPointsPartnerRoutes(partner, ctx);
      registerInvitePartnerRoutes(partner, ctx);
      registerCredentialsPartnerRoutes(partner, ctx);
      registerAccountPartnerRoutes(partner, ctx);
      registerMailPartnerRoutes(partner, ctx);
    },
    { prefix: '/partner/v1' },
  );
}
