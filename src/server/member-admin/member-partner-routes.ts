import { createMember, getMember, updateMember } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { findMember } from '../members/find-member.ts';
import * as admin from './member-admin-service.ts';

/** Member administration under /partner/v1 (the operator CLI's `member create|show|set`). */
export function registerMemberPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(createMember, async (input, { audit }) => ({
    member: await admin.createMemberByStaff(ctx, input, audit),
  }));

  serve(getMember, async (_none, { params }) => {
    const account = await findMember(ctx.db, { loyaltyId: params.member });
    return { success: true as const, member: await admin.memberDetails(ctx.db, account) };
  });

  serve(updateMember, async (input, { params, audit }) => {
    const account = await findMember(ctx.db, { loyaltyId: params.member });
    const updated = await admin.updateMember(ctx, account, input, audit);
    return { success: true as const, member: await admin.memberDetails(ctx.db, updated) };
  });
}
