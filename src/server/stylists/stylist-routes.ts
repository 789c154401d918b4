import type { FastifyInstance } from 'fastify';
import {
  memberShopperEndpoint,
  personalShopperEndpoint,
  saveStylistProfileEndpoint,
  setPersonalShopperEndpoint,
  setStylistEndpoint,
  staffInviteEndpoint,
  stylistProfileEndpoint,
  stylistsEndpoint,
} from '#shared/api/stylists.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { createInvite } from '../joining/invite-service.ts';
import {
  listStylists,
  mayEditProfile,
  memberShopper,
  notYours,
  personalShopperOf,
  saveStylistProfile,
  setPersonalShopper,
  setStylist,
  stylistProfile,
} from './stylist-service.ts';

type Caller = { staffId: string; role: string };

async function liveMemberId(db: Queryable, loyaltyId: string): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    'SELECT id FROM accounts WHERE loyalty_id = $1 AND deleted_at IS NULL',
    [loyaltyId],
  );
  if (!row) throw notFound('MemberNotFound', `There is no member with the card number ${loyaltyId}.`);
  return row.id;
}

/** Stylists in the console: admins make them, each edits their own profile, managers choose a member's. */
export function registerStylistStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(stylistsEndpoint, async () => ({ stylists: await listStylists(ctx.db) }));
  serve(setStylistEndpoint, async ({ id, isStylist }, { audit }) => setStylist(ctx.db, id, isStylist, audit));
  serve(stylistProfileEndpoint, async ({ staffId }, { caller }) => {
    if (!mayEditProfile(caller as Caller, staffId)) throw notYours();
    return stylistProfile(ctx.db, staffId);
  });
  serve(saveStylistProfileEndpoint, async ({ staffId, ...input }, { caller, audit }) => {
    if (!mayEditProfile(caller as Caller, staffId)) throw notYours();
    return { profile: await saveStylistProfile(ctx.db, staffId, input, audit) };
  });

  serve(memberShopperEndpoint, async ({ loyaltyId }) => {
    const accountId = await liveMemberId(ctx.db, loyaltyId);
    const stylists = await listStylists(ctx.db);
    return {
      personalShopper: await memberShopper(ctx.db, accountId),
      choices: stylists
        .filter((s) => s.active)
        .map((s) => ({ staffId: s.staffId, name: s.profile?.displayName ?? s.fullName })),
    };
  });
  serve(setPersonalShopperEndpoint, async ({ loyaltyId, staffId }, { audit }) => {
    const accountId = await liveMemberId(ctx.db, loyaltyId);
    await setPersonalShopper(ctx.db, accountId, staffId, audit);
    return { success: true as const };
  });

  // An invitation from the console is from its sender: their members' personal shopper when a stylist.
  serve(staffInviteEndpoint, async ({ email, name, existing }, { caller, audit }) => {
    const { invite } = await createInvite(
      ctx,
      { email, name, existing, fromStaffId: (caller as Caller).staffId },
      audit,
    );
    return {
      email: invite.email,
      expiresAt: invite.expires_at.toISOString(),
      fromStylist: invite.invited_by_staff_id !== null,
    };
  });
}

/**
 * GET /api/personal-shopper: the signed-in member's own personal shopper, or null. Its own call, not
 * the viewer's: the pages that show it ask for it (Home lazily), and every other page pays nothing.
 */
export function registerPersonalShopperRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, personalShopperEndpoint, async (_query, _request, _reply, session) => ({
    success: true as const,
    personalShopper: await personalShopperOf(ctx.db, session.accountId, ctx.config.locale),
  }));
}
