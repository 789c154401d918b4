import { type Queryable, queryOne } from '../db/database.ts';
import { endOtherClaims, findAccountByProvenEmail, lockAddress } from './email-proof.ts';
import { loyaltyNumberFor } from './loyalty-number.ts';

export interface AccountRow {
  id: string;
  loyalty_id: string;
  full_name: string;
  /** Proven when email_verified; otherwise only a claim (see email-proof.ts). */
  email: string | null;
  /** A new address asked for and not yet proven; the account keeps `email` until it is. */
  pending_email: string | null;
  telephone_number: string | null;
  password_hash: string | null;
  pin: string | null;
  email_verified: boolean;
  verification_sent_at: Date | null;
  currency: string;
  cash_balance: number;
  points_balance: number;
  vip_level: string | null;
  is_credit: boolean;
  home_origin: string | null;
  can_redeem: boolean;
  can_convert: boolean;
  can_sign_in: boolean;
  under_review: boolean;
  membership_type: string;
  created_at: Date;
  deleted_at: Date | null;
  /** In a wallet or removed from it (Apple registrations, Google callbacks); see wallet-registrations.ts. */
  wallet_presence: 'in-wallet' | 'removed' | null;
}

export interface NewAccount {
  email: string;
  fullName: string;
  passwordHash?: string | null;
  telephoneNumber?: string | null;
  emailVerified?: boolean;
  /** The scheme's default (schemeCurrency): never a fixed one, so a DKK scheme's member is in DKK. */
  currency: string;
}

/** A new member's currency: the first the scheme allows (allowedCurrencies; its locale's when unset). */
export function schemeCurrency(config: { allowedCurrencies: readonly string[] }): string {
  return config.allowedCurrencies[0] ?? 'GBP';
}

/**
 * Thrown when a proven account already has the email: the same meaning as a unique violation of the
 * proven-email index, and recognised by isUniqueViolation.
 */
export class EmailTakenError extends Error {
  readonly code = '23505';
  constructor() {
    super('a proven account already has this email');
  }
}

/**
 * Creates a member; the email must already be lowercased. Fails (isUniqueViolation) when a proven
 * account has the email. An account created with a proven email ends every other claim on it.
 */
export async function createAccount(db: Queryable, input: NewAccount): Promise<AccountRow> {
  if (input.emailVerified) await lockAddress(db, input.email);
  if (await findAccountByProvenEmail(db, input.email)) throw new EmailTakenError();
  const serial = await queryOne<{ serial: number }>(db, "SELECT nextval('loyalty_number_seq') AS serial");
  const row = await queryOne<AccountRow>(
    db,
    `INSERT INTO accounts (loyalty_id, full_name, email, password_hash, telephone_number, email_verified, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING *`,
    [
      loyaltyNumberFor(Number(serial?.serial)),
      input.fullName,
      input.email,
      input.passwordHash ?? null,
      input.telephoneNumber ?? null,
      input.emailVerified ?? false,
      input.currency,
    ],
  );
  if (!row) throw new Error('account insert returned no row');
  if (row.email_verified) await endOtherClaims(db, row.id, input.email);
  return row;
}

export function findAccountById(db: Queryable, id: string): Promise<AccountRow | undefined> {
  return queryOne<AccountRow>(db, 'SELECT * FROM accounts WHERE id = $1 AND deleted_at IS NULL', [id]);
}

/** A member by card number or proven email, as tills and staff name them; an unproven address matches nobody. */
export function findAccountByLoyaltyIdOrEmail(db: Queryable, key: string): Promise<AccountRow | undefined> {
  return queryOne<AccountRow>(
    db,
    `SELECT * FROM accounts
      WHERE (loyalty_id = $1 OR (email = lower($1) AND email_verified)) AND deleted_at IS NULL`,
    [key.trim()],
  );
}

/** True when the error is PostgreSQL's unique violation (e.g. a second account for one email). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
