import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { createMemberByStaff, findMember, memberDetails, updateMember } from './member-admin-service.ts';
import { createMemberRequest, memberUpdateRequest } from './member-schemas.ts';

/** Member administration under /partner/v1 (the operator CLI's `member create|show|set`). */
export function registerMemberPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/members', async (request, reply) => {
    const input = parseOrThrow(createMemberRequest, request.body);
    const member = await createMemberByStaff(ctx, input, partnerAudit(request, 'member.create'));
    reply.code(201);
    return { member };
  });

  partner.get<{ Params: { member: string } }>('/members/:member', async (request) => {
    const account = await findMember(ctx.db, { loyaltyId: request.params.member });
    return { success: true, member: await memberDetails(ctx.db, account) };
  });

  partner.post<{ Params: { member: string } }>('/members/:member', async (request) => {
    const input = parseOrThrow(memberUpdateRequest, request.body);
    const account = await findMember(ctx.db, { loyaltyId: request.params.member });
    const updated = await updateMember(ctx, account, input, partnerAudit(request, 'member.update'));
    return { success: true, member: await memberDetails(ctx.db, updated) };
  });
}
