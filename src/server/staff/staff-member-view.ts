import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { memberSearchEndpoint, memberViewSchema } from '#shared/api/staff-members.ts';
import type { AppContext } from '../app-context.ts';
import { memberClaims } from '../claims/claims-service.ts';
import { passkeysOf } from '../credentials/passkey-store.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { type InviteRow, inviteState } from '../joining/invite-service.ts';
import { memberDetails } from '../member-admin/member-admin-service.ts';
import type { AccountRow } from '../members/account-service.ts';
import type { LedgerRow } from '../points/ledger-rows.ts';
import { isPending } from '../points/ledger-rows.ts';

/** The member look-up and the member view of the staff console: reads only. */

type Found = z.input<typeof memberSearchEndpoint.response>['members'];

/**
 * Members matching `q`: digits look up the card number (exact, or its start); an address with @
 * the email (exact, or its start); anything else the name (contains, any case). Deleted members are
 * not found: their deletion erased the card number, email and name (docs/deletion.md). At most 25,
 * newest first.
 */
export async function searchMembers(db: Queryable, q: string): Promise<Found> {
  const term = q.trim().toLowerCase();
  const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  let where: string;
  if (/^\d+$/.test(term))
    where = `a.deleted_at IS NULL AND (a.loyalty_id = $1::text OR a.loyalty_id LIKE $2::text || '%')`;
  else if (term.includes('@'))
    where = `a.deleted_at IS NULL AND (a.email = $1::text OR a.email LIKE $2::text || '%')`;
  else
    where = `a.deleted_at IS NULL AND $1::text IS NOT NULL AND lower(a.full_name) LIKE '%' || $2::text || '%'`;
  const rows = await db.query<{
    loyalty_id: string;
    email: string | null;
    full_name: string;
    created_at: Date;
  }>(
    `SELECT a.loyalty_id, a.email, a.full_name, a.created_at FROM accounts a
      WHERE ${where} ORDER BY a.created_at DESC, a.id LIMIT 25`,
    [term, like],
  );
  return rows.map((r) => ({
    loyaltyId: r.loyalty_id,
    email: r.email,
    fullName: r.full_name,
    createdAt: r.created_at.toISOString(),
  }));
}

/** The live account a card number names, or a 404. */
export async function memberByLoyaltyId(db: Queryable, loyaltyId: string): Promise<AccountRow> {
  const account = await queryOne<AccountRow>(
    db,
    'SELECT * FROM accounts WHERE loyalty_id = $1 AND deleted_at IS NULL',
    [loyaltyId],
  );
  if (!account) throw notFound('MemberNotFound', `There is no member with the card number ${loyaltyId}.`);
  return account;
}

/** What staff see of a session instead of its key: a digest of its token hash, enough to name it. */
export function sessionIdOf(tokenHash: string): string {
  return createHash('sha256').update(tokenHash).digest('hex').slice(0, 16);
}

const ledgerLines = 100;

/** The newest ledger lines with the points balance after each (pending lines count once confirmed). */
async function ledgerWithBalance(db: Queryable, accountId: string) {
  const rows = await db.query<LedgerRow & { balance_after: number }>(
    `SELECT * FROM (
       SELECT l.*, SUM(CASE WHEN l.confirmed_at IS NULL AND l.confirms_at > now() THEN 0 ELSE l.points END)
                     OVER (ORDER BY l.created_at, l.id)::bigint AS balance_after
         FROM ledger_entries l WHERE l.account_id = $1
     ) x ORDER BY created_at DESC, id DESC LIMIT $2`,
    [accountId, ledgerLines],
  );
  const now = new Date();
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    points: r.points,
    cash: r.cash,
    pending: isPending(r, now),
    confirmsAt: r.confirms_at?.toISOString() ?? null,
    balanceAfter: Number(r.balance_after),
    orderId: r.order_id,
    place: [r.store_display_name, r.fascia_display_name].filter(Boolean).join(', ') || null,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function memberView(
  ctx: AppContext,
  loyaltyId: string,
): Promise<z.input<typeof memberViewSchema>> {
  const { db } = ctx;
  const account = await memberByLoyaltyId(db, loyaltyId);
  const details = await memberDetails(db, account);
  const [ledger, claims, consents, sessions, passkeys, pass, nike, invites] = await Promise.all([
    ledgerWithBalance(db, account.id),
    memberClaims(db, account.id),
    db.query<{ channel: string; choice: string; source: string; recorded_at: Date }>(
      `SELECT channel, choice, source, recorded_at FROM marketing_consents
        WHERE account_id = $1 ORDER BY recorded_at DESC, id DESC LIMIT 100`,
      [account.id],
    ),
    db.query<{
      token_hash: string;
      created_at: Date;
      last_seen_at: Date;
      user_agent: string | null;
      passkey_id: string | null;
    }>(
      `SELECT token_hash, created_at, last_seen_at, user_agent, passkey_id FROM sessions
        WHERE account_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC`,
      [account.id],
    ),
    passkeysOf(db, account.id),
    queryOne<{ created_at: Date; updated_at: Date; devices: number }>(
      db,
      `SELECT p.created_at, p.updated_at,
              (SELECT count(*)::int FROM wallet_registrations r WHERE r.serial_number = p.serial_number) AS devices
         FROM wallet_passes p WHERE p.account_id = $1`,
      [account.id],
    ),
    queryOne<{ linked_at: Date }>(db, 'SELECT linked_at FROM nike_links WHERE account_id = $1', [account.id]),
    db.query<InviteRow>(
      'SELECT * FROM invites WHERE account_id = $1 OR email = $2 ORDER BY created_at DESC LIMIT 20',
      [account.id, account.email ?? ''],
    ),
  ]);
  return {
    account: {
      loyaltyId: account.loyalty_id,
      email: account.email,
      fullName: account.full_name,
      telephoneNumber: account.telephone_number,
      createdAt: details.createdAt,
      currency: account.currency,
      pointsBalance: details.pointsBalance,
      pendingPointsBalance: details.pendingPointsBalance,
      cashBalance: details.cashBalance,
      vipLevel: account.vip_level,
      emailVerified: account.email_verified,
      isCredit: account.is_credit,
      underReview: account.under_review,
      canRedeem: account.can_redeem,
      canConvert: account.can_convert,
      canSignIn: account.can_sign_in,
    },
    ledger,
    claims,
    consents: consents.map((c) => ({
      channel: c.channel,
      choice: c.choice,
      source: c.source,
      recordedAt: c.recorded_at.toISOString(),
    })),
    sessions: sessions.map((s) => ({
      id: sessionIdOf(s.token_hash),
      createdAt: s.created_at.toISOString(),
      lastSeenAt: s.last_seen_at.toISOString(),
      userAgent: s.user_agent,
      viaPasskey: s.passkey_id !== null,
    })),
    passkeys: passkeys.map((p) => ({
      title: p.title,
      createdAt: p.created_at.toISOString(),
      lastUsedAt: p.last_used_at?.toISOString() ?? null,
    })),
    wallet: {
      applePass: pass
        ? {
            createdAt: pass.created_at.toISOString(),
            updatedAt: pass.updated_at.toISOString(),
            devices: pass.devices,
          }
        : null,
      presence: account.wallet_presence,
    },
    nikeLink: nike ? { linkedAt: nike.linked_at.toISOString() } : null,
    invitations: invites.map((i) => ({
      id: i.id,
      email: i.email,
      invitedBy: i.invited_by,
      state: inviteState(i),
      createdAt: i.created_at.toISOString(),
      expiresAt: i.expires_at.toISOString(),
    })),
    vipLevels: [...ctx.config.vipLevels],
  };
}
