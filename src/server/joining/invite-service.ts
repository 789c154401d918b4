import type { InviteCode } from '#shared/api/joining.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { invitationOf, issueInvitationToken } from '../tokens/link-tokens.ts';
import { freshInvitationMail, invitationMail } from './invite-emails.ts';

/** The HTTP status each code answers with. */
export const inviteCodeStatus: Record<InviteCode, number> = {
  InviteConsumed: 409,
  LinkExpired: 502,
  LinkInvalid: 400,
  LinkResent: 410,
  LinkStale: 410,
  NotFound: 404,
  ServiceError: 503,
};

export interface InviteRow {
  id: string;
  email: string;
  full_name: string;
  invited_by: string | null;
  existing_customer: boolean;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  replaced_at: Date | null;
  replaced_by: string | null;
  account_id: string | null;
  invited_by_staff_id: string | null;
}

export interface InviteInput {
  email: string;
  name: string;
  from?: string | null;
  existing?: boolean;
  /** The partner API and the CLI: the stylist's email (must be an active stylist). */
  stylist?: string;
  /** The console: the staff member sending it, recorded as the sender only when a stylist. */
  fromStaffId?: string;
}

/**
 * The stylist sending an invitation, who becomes the member's personal shopper when they join: named
 * by email (partner API, CLI: must be an active stylist, else 422), or the console's caller (recorded
 * only when they are a stylist). Their profile's display name is the invitation's `from` by default.
 */
async function senderOf(tx: Queryable, input: InviteInput): Promise<{ id: string; name: string } | null> {
  if (!input.stylist && !input.fromStaffId) return null;
  const row = await queryOne<{ id: string; name: string }>(
    tx,
    `SELECT m.id, coalesce(p.display_name, m.full_name) AS name
       FROM staff_members m LEFT JOIN stylist_profiles p ON p.staff_id = m.id
      WHERE m.is_stylist AND m.deactivated_at IS NULL AND ${input.stylist ? 'lower(m.email) = lower($1)' : 'm.id = $1'}`,
    [input.stylist ?? input.fromStaffId],
  );
  if (!row && input.stylist)
    throw new HttpError(422, 'NotAStylist', `${input.stylist} is not an active stylist.`, {
      fieldErrors: { stylist: 'Not an active stylist' },
    });
  return row ?? null;
}

/** Our tokens are 32 random bytes in base64url: anything else is a mangled link. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

function acceptUrl(ctx: AppContext, token: string): string {
  return `${ctx.origin}/start-signup?token=${encodeURIComponent(token)}`;
}

/** What an invitation's mail says of it: to whom, from whom, the link and until when it works. */
function mailOf(invite: InviteRow, url: string) {
  return {
    to: invite.email,
    fullName: invite.full_name,
    invitedBy: invite.invited_by,
    acceptUrl: url,
    expiresAt: invite.expires_at,
  };
}

/**
 * Invitations (SPEC §4 Invitation): creating and emailing them, finding the one behind a link, its
 * state, and a fresh one for an expired link. Accepting one: accept-invite-service.ts.
 */

/**
 * Whether the member has joined the app already: they accepted an invitation, have a password or a
 * passkey, or have signed in. An account staff created for a customer (in store, without any of
 * these) has not: its invitation is how that customer joins, as an existing customer.
 */
async function hasJoined(tx: Queryable, accountId: string): Promise<boolean> {
  const row = await queryOne<{ joined: boolean }>(
    tx,
    `SELECT (a.password_hash IS NOT NULL
          OR EXISTS (SELECT 1 FROM passkeys p WHERE p.account_id = a.id)
          OR EXISTS (SELECT 1 FROM invites i WHERE i.account_id = a.id AND i.consumed_at IS NOT NULL)
          OR EXISTS (SELECT 1 FROM known_browsers b WHERE b.account_id = a.id)
          OR EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id)) AS joined
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  return row?.joined ?? false;
}

/**
 * What staff are told when they invite a member who has joined already: an invitation would walk
 * them through joining again, so none is sent. The member signs in as usual; staff can send them a
 * sign-in link from the member's page in the console.
 */
function alreadyMember(email: string, loyaltyId: string, origin: string) {
  return conflict(
    'AlreadyMember',
    `${email} is already a member (card ${loyaltyId}), so no invitation was sent. They can sign in at ${origin}/signin; to help them, send a sign-in link from their page in the staff console.`,
  );
}

/**
 * Creates an invitation and emails it. Any older open invitation for the same email becomes stale.
 * An existing customer is one staff named so, or one whose account has proved this address. A
 * member who has joined already is refused (409 AlreadyMember) and nothing is written or sent.
 */
export async function createInvite(
  ctx: AppContext,
  input: InviteInput,
  audit: Audit,
): Promise<{ invite: InviteRow; acceptUrl: string }> {
  const { invite, url } = await ctx.db.transaction(async (tx) => {
    const sender = await senderOf(tx, input);
    const account = await findAccountByProvenEmail(tx, input.email);
    if (account && (await hasJoined(tx, account.id)))
      throw alreadyMember(input.email, account.loyalty_id, ctx.origin);
    const created = await insertInvite(tx, ctx, {
      email: input.email,
      fullName: account?.full_name ?? input.name,
      invitedBy: input.from ?? sender?.name ?? null,
      invitedByStaffId: sender?.id ?? null,
      existingCustomer: Boolean(input.existing) || Boolean(account),
    });
    const replacing = await markOthersStale(tx, created);
    const token = await issueInvitationToken(tx, {
      inviteId: created.id,
      expiresAt: created.expires_at,
      replacing,
    });
    const url = acceptUrl(ctx, token);
    // Written with the invitation: both exist or neither does, and nobody waits on SMTP.
    await enqueueMail(tx, await invitationMail(ctx.config, ctx.origin, mailOf(created, url)));
    // Never the link: it holds the invitation's token.
    await audit(tx, {
      memberId: account?.id ?? null,
      subjectEmail: created.email,
      change: {
        inviteId: created.id,
        email: created.email,
        fullName: created.full_name,
        invitedBy: created.invited_by,
        invitedByStaffId: created.invited_by_staff_id,
        existingCustomer: created.existing_customer,
      },
    });
    return { invite: created, url };
  });
  return { invite, acceptUrl: url };
}

async function insertInvite(
  tx: Queryable,
  ctx: AppContext,
  input: {
    email: string;
    fullName: string;
    invitedBy: string | null;
    invitedByStaffId: string | null;
    existingCustomer: boolean;
  },
): Promise<InviteRow> {
  const row = await queryOne<InviteRow>(
    tx,
    `INSERT INTO invites (email, full_name, invited_by, existing_customer, expires_at, invited_by_staff_id)
     VALUES ($1, $2, $3, $4, now() + $5::float8 * interval '1 day', $6) RETURNING *`,
    [
      input.email,
      input.fullName,
      input.invitedBy,
      input.existingCustomer,
      ctx.config.inviteExpiryDays,
      input.invitedByStaffId,
    ],
  );
  if (!row) throw new Error('invite insert returned no row');
  return row;
}

/** Older open invitations for the same address become stale; answers their ids (their tokens retire). */
async function markOthersStale(tx: Queryable, newest: InviteRow): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE invites SET replaced_at = now(), replaced_by = $2
      WHERE email = $1 AND id <> $2 AND consumed_at IS NULL AND replaced_at IS NULL RETURNING id`,
    [newest.email, newest.id],
  );
  return rows.map((row) => row.id);
}

export type InviteState = 'valid' | 'consumed' | 'stale' | 'expired';

export function inviteState(invite: InviteRow, now = Date.now()): InviteState {
  if (invite.consumed_at) return 'consumed';
  if (invite.replaced_at) return 'stale';
  if (invite.expires_at.getTime() <= now) return 'expired';
  return 'valid';
}

export type InviteLookup = { ok: true; invite: InviteRow } | { ok: false; code: InviteCode };

/** Finds the invitation behind a token and says whether it can be accepted (SPEC §4 Invitation). */
export async function lookUpInvite(db: Queryable, token: string, forUpdate = false): Promise<InviteLookup> {
  if (!tokenShape.test(token)) return { ok: false, code: 'LinkInvalid' };
  const inviteId = await invitationOf(db, token);
  const invite =
    inviteId &&
    (await queryOne<InviteRow>(db, `SELECT * FROM invites WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
      inviteId,
    ]));
  if (!invite) return { ok: false, code: 'NotFound' };
  return { ok: true, invite };
}

/**
 * An expired link: email a fresh one, making this one stale. Answers LinkResent, or LinkExpired
 * when the fresh invitation and its email could not be written (nothing changes then, so opening the
 * link again retries). Delivery is the outbox's business: a mail server that is down delays the
 * email, it does not fail the member.
 * Two parallel opens send one email: the loser finds the link already replaced.
 */
export async function resendExpiredInvite(ctx: AppContext, expired: InviteRow): Promise<InviteCode> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const claimed = await queryOne<InviteRow>(
        tx,
        `UPDATE invites SET replaced_at = now()
          WHERE id = $1 AND consumed_at IS NULL AND replaced_at IS NULL RETURNING *`,
        [expired.id],
      );
      if (!claimed) return 'LinkStale';
      const fresh = await insertInvite(tx, ctx, {
        email: claimed.email,
        fullName: claimed.full_name,
        invitedBy: claimed.invited_by,
        invitedByStaffId: claimed.invited_by_staff_id,
        existingCustomer: claimed.existing_customer,
      });
      await tx.query('UPDATE invites SET replaced_by = $2 WHERE id = $1', [claimed.id, fresh.id]);
      const token = await issueInvitationToken(tx, {
        inviteId: fresh.id,
        expiresAt: fresh.expires_at,
        replacing: [claimed.id],
      });
      await enqueueMail(
        tx,
        await freshInvitationMail(ctx.config, ctx.origin, mailOf(fresh, acceptUrl(ctx, token))),
      );
      return 'LinkResent';
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not write a fresh invitation');
    return 'LinkExpired';
  }
}
