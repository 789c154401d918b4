import type { Account } from '#shared/api/common.ts';
import type { Config } from '#shared/config.ts';
import { cashValueFor, maxConvertiblePoints } from '#shared/domain/exchange.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import type { AccountRow } from './account-service.ts';

/** SPEC §3 Burn rate: cashValue (minor units) for every pointsLevel points. */
export interface BurnRate {
  pointsLevel: number;
  cashValue: number;
}

/** The first burn-rate entry (SPEC §3: only the first is used). */
export async function currentBurnRate(db: Queryable): Promise<BurnRate | null> {
  const row = await queryOne<{ points_level: number; cash_value: number }>(
    db,
    'SELECT points_level, cash_value FROM burn_rates ORDER BY position LIMIT 1',
  );
  return row ? { pointsLevel: row.points_level, cashValue: row.cash_value } : null;
}

/** What the Account view derives from other tables than the account row (the burn rate aside). */
export interface AccountDerived {
  pending: number;
  matured: number;
  email_consent: string | null;
  whatsapp_consent: string | null;
  nike_linked: boolean;
  personal_shopper: string | null;
}

/**
 * The columns of AccountDerived for the account whose id is the SQL expression `id`: each one an
 * indexed read, all in the statement that uses them (the viewer's one round trip, see viewer-service).
 * The viewer caches them per session while accounts.viewer_version stays the same: a table read here
 * needs the viewer_changed trigger of migration 0037, or the cache would not see its writes.
 */
export function accountDerivedColumns(id: string): string {
  return `(SELECT COALESCE(SUM(points), 0) FROM ledger_entries
            WHERE account_id = ${id} AND confirms_at > now() AND confirmed_at IS NULL)::bigint AS pending,
          -- Pending points past their confirmation date count as confirmed before the next write or
          -- sweep moves them into points_balance (see points/pending-points.ts).
          (SELECT COALESCE(SUM(points), 0) FROM ledger_entries
            WHERE account_id = ${id} AND confirms_at <= now() AND confirmed_at IS NULL)::bigint AS matured,
          (SELECT choice FROM marketing_consents WHERE account_id = ${id} AND channel = 'email'
            ORDER BY recorded_at DESC, id DESC LIMIT 1) AS email_consent,
          (SELECT choice FROM marketing_consents WHERE account_id = ${id} AND channel = 'whatsapp'
            ORDER BY recorded_at DESC, id DESC LIMIT 1) AS whatsapp_consent,
          EXISTS (SELECT 1 FROM nike_links WHERE account_id = ${id}) AS nike_linked,
          -- The personal shopper: who the invitation the member accepted was from (the newest one).
          (SELECT invited_by FROM invites WHERE account_id = ${id} AND invited_by IS NOT NULL
            ORDER BY consumed_at DESC NULLS LAST, created_at DESC LIMIT 1) AS personal_shopper`;
}

/** The columns accountView reads for the account whose id is the SQL expression `id`. */
export function accountViewColumns(id: string): string {
  return `${accountDerivedColumns(id)},
          (SELECT points_level FROM burn_rates ORDER BY position LIMIT 1) AS rate_points_level,
          (SELECT cash_value FROM burn_rates ORDER BY position LIMIT 1) AS rate_cash_value`;
}

export type AccountViewRow = AccountDerived & {
  rate_points_level: number | null;
  rate_cash_value: number | null;
};

/** The SPEC §3 Account the browser sees, assembled from the row and what is derived from the ledger. */
export async function accountView(db: Queryable, account: AccountRow, config: Config): Promise<Account> {
  const row = await queryOne<AccountViewRow>(db, `SELECT ${accountViewColumns('$1::uuid')}`, [account.id]);
  return accountViewOf(account, row, config);
}

/** accountView of the row of accountViewColumns, read in another statement (a sign-in's). */
export function accountViewOf(account: AccountRow, row: AccountViewRow | undefined, config: Config): Account {
  const rate =
    row?.rate_points_level != null && row.rate_cash_value != null
      ? { pointsLevel: row.rate_points_level, cashValue: row.rate_cash_value }
      : null;
  return toAccountView(account, row, rate, config);
}

/**
 * When the verification email may be sent again (ms since the epoch; -Infinity: at once), or null
 * when there is nothing to verify.
 */
function resendAvailableFrom(account: AccountRow, config: Config): number | null {
  if (account.email_verified && account.pending_email === null) return null;
  if (!account.verification_sent_at) return Number.NEGATIVE_INFINITY;
  return account.verification_sent_at.getTime() + config.verificationResendWindowMinutes * 60_000;
}

/**
 * The moment toAccountView's answer for the same row and derived columns changes by time alone (ms
 * since the epoch; Infinity: never), for the viewer's cached answer. Every use of the clock in
 * toAccountView must show here.
 */
export function accountViewChangesAt(account: AccountRow, config: Config): number {
  const resendFrom = resendAvailableFrom(account, config);
  return resendFrom !== null && resendFrom > Date.now() ? resendFrom : Number.POSITIVE_INFINITY;
}

/** The Account view of a row, its derived columns and the burn rate (accountView, or the viewer's). */
export function toAccountView(
  account: AccountRow,
  derived: AccountDerived | undefined,
  rate: BurnRate | null,
  config: Config,
): Account {
  const resendFrom = resendAvailableFrom(account, config);
  const resendAvailable = resendFrom !== null && Date.now() >= resendFrom;
  const emailVerified = account.email_verified;
  const pointsBalance = account.points_balance + (derived?.matured ?? 0);
  return {
    id: account.id,
    loyaltyId: account.loyalty_id,
    cardNumber: account.loyalty_id,
    fullName: account.full_name,
    email: account.email ?? '',
    pendingEmail: account.pending_email,
    telephoneNumber: account.telephone_number,
    createdAt: account.created_at.toISOString(),
    pin: config.enableCardPIN ? account.pin : null,
    emailIsVerified: emailVerified,
    emailVerified,
    emailVerificationRequestResendAvailable: resendAvailable,
    currency: account.currency,
    cashBalance: account.cash_balance,
    maxAvailableCashValue: rate ? cashValueFor(maxConvertiblePoints(pointsBalance, rate), rate) : 0,
    pointsBalance,
    pendingPointsBalance: derived?.pending ?? 0,
    vipLevel: account.vip_level,
    isCredit: account.is_credit,
    underReview: account.under_review,
    homeOrigin: account.home_origin,
    accessRules: {
      canRedeem: account.can_redeem,
      canConvert: account.can_convert,
      canSignIn: account.can_sign_in,
    },
    membership: {
      marketingConsent: toChoice(derived?.email_consent),
      marketingConsentWhatsApp: toChoice(derived?.whatsapp_consent),
      type: { name: account.membership_type, allowedCurrencies: config.allowedCurrencies },
    },
    hasPassword: account.password_hash !== null,
    nikeLinked: derived?.nike_linked ?? false,
    personalShopper: derived?.personal_shopper ?? null,
  };
}

function toChoice(value: string | null | undefined): 'consent' | 'decline' | 'unknown' {
  return value === 'consent' || value === 'decline' ? value : 'unknown';
}
