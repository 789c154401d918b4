import type { z } from 'zod';
import type { createMemberRequest, memberUpdateRequest } from '#shared/api/partner-members.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import {
  type AccountRow,
  createAccount,
  isUniqueViolation,
  schemeCurrency,
} from '../members/account-service.ts';
import { proveEmail } from '../members/email-proof.ts';
import { hashPassword, isAcceptablePassword, passwordRequirementsMessage } from '../passwords/passwords.ts';
import { balancesOf, ledgerPage } from '../points/ledger-store.ts';
import { partnerEntry } from '../points/partner-entry.ts';

/**
 * Member administration: what staff do to a member through the partner API and the operator CLI
 * (create, show, decide their access). The member's own changes are in account/; finding a member by
 * card or email is members/find-member.ts, which the points commands share. Above both members/ and
 * points/: a member's details show their balances and latest ledger rows.
 */

/** Staff create a member; a proven email ends other claims on it (email-proof.ts), in one transaction. */
export async function createMemberByStaff(
  ctx: AppContext,
  input: z.output<typeof createMemberRequest>,
  audit: Audit,
) {
  if (input.password !== undefined && !isAcceptablePassword(input.password, 6, [input.name, input.email])) {
    throw badRequest('InvalidPassword', passwordRequirementsMessage, {
      fieldErrors: { password: passwordRequirementsMessage },
    });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const account = await ctx.db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: input.email,
        fullName: input.name,
        passwordHash,
        emailVerified: input.emailVerified,
        currency: schemeCurrency(ctx.config),
      });
      await audit(tx, {
        memberId: created.id,
        change: {
          email: input.email,
          fullName: created.full_name,
          loyaltyId: created.loyalty_id,
          emailVerified: input.emailVerified,
          passwordSet: passwordHash !== null,
        },
      });
      return created;
    });
    return { id: account.id, loyaltyId: account.loyalty_id, email: input.email, fullName: account.full_name };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('MemberExists', `A member with the email ${input.email} already exists.`);
    throw error;
  }
}

/** The member's state as staff see it (`member show`). */
export async function memberDetails(db: Queryable, account: AccountRow) {
  const balances = await balancesOf(db, account.id);
  const recent = await ledgerPage(db, account.id, { limit: 10 });
  return {
    id: account.id,
    loyaltyId: account.loyalty_id,
    email: account.email,
    fullName: account.full_name,
    /** The member's own number (given on Edit details), for customer services to call back. */
    telephoneNumber: account.telephone_number,
    createdAt: account.created_at.toISOString(),
    currency: account.currency,
    ...balances,
    vipLevel: account.vip_level,
    emailVerified: account.email_verified,
    isCredit: account.is_credit,
    underReview: account.under_review,
    accessRules: {
      canRedeem: account.can_redeem,
      canConvert: account.can_convert,
      canSignIn: account.can_sign_in,
    },
    recent: recent.map((row) => partnerEntry(row, account.loyalty_id)),
  };
}

const memberColumns: Record<keyof z.output<typeof memberUpdateRequest>, string> = {
  vipLevel: 'vip_level',
  canRedeem: 'can_redeem',
  canConvert: 'can_convert',
  canSignIn: 'can_sign_in',
  underReview: 'under_review',
  emailVerified: 'email_verified',
  isCredit: 'is_credit',
};

/** The named fields of an account row, by their API names (an audit row's before and after). */
function fieldsOf(row: AccountRow, fields: (keyof typeof memberColumns)[]): Record<string, unknown> {
  const columns = row as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, columns[memberColumns[field]]]));
}

/** A member discount level is a percentage (1–99%) or one of the scheme's vipLevels; "banana" is neither. */
function checkVipLevel(levels: readonly string[], level: string): void {
  if (/^([1-9]\d?)(\.\d)?%$/.test(level) || levels.includes(level)) return;
  const named = levels.length ? `, or one of ${levels.join(', ')}` : '';
  const message = `vipLevel must be a percentage such as 15%${named}`;
  throw badRequest('InvalidRequest', `Invalid request: ${message}`, { fieldErrors: { vipLevel: message } });
}

/** What staff decide about a member (`member set`): access rules, VIP level, review, credit, proof. */
export async function updateMember(
  ctx: AppContext,
  account: AccountRow,
  input: z.output<typeof memberUpdateRequest>,
  audit: Audit,
): Promise<AccountRow> {
  const changes = Object.entries(input).filter(([, v]) => v !== undefined) as [
    keyof typeof memberColumns,
    unknown,
  ][];
  if (changes.length === 0) throw badRequest('NothingToChange', 'Name at least one thing to change.');
  if (input.vipLevel) checkVipLevel(ctx.config.vipLevels, input.vipLevel);
  const sets = changes.map(([field], i) => `${memberColumns[field]} = $${i + 2}`);
  const updated = await ctx.db.transaction(async (tx) => {
    // Read under a lock, so the audit row's "before" is what this change replaced.
    const current = await queryOne<AccountRow>(tx, 'SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [
      account.id,
    ]);
    // Staff vouching for the address proves it, with all that proving means (other claims end).
    if (input.emailVerified === true && account.email && !account.email_verified) {
      const proof = await proveEmail(tx, account.id, account.email);
      if (!proof.ok)
        throw conflict('EmailProvenElsewhere', `Another member has already proved ${account.email}.`);
    }
    const row = await queryOne<AccountRow>(
      tx,
      `UPDATE accounts SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
      [account.id, ...changes.map(([field, value]) => (field === 'vipLevel' && value === '' ? null : value))],
    );
    // A member who may no longer sign in is signed out everywhere.
    if (input.canSignIn === false) await ctx.sessions.destroyAllFor(tx, account.id);
    if (row && current) {
      const fields = changes.map(([field]) => field);
      await audit(tx, {
        memberId: account.id,
        change: { before: fieldsOf(current, fields), after: fieldsOf(row, fields) },
      });
    }
    return row;
  });
  if (!updated) throw notFound('MemberNotFound', 'No such member.');
  return updated;
}
