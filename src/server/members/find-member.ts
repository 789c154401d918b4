import { type Queryable, queryOne } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { type AccountRow, findAccountByLoyaltyIdOrEmail } from './account-service.ts';

/** A member as tills and staff name them: card number or proven email. */
export async function findMember(
  db: Queryable,
  ref: { loyaltyId?: string | undefined; email?: string | undefined },
): Promise<AccountRow> {
  const key = ref.loyaltyId ?? ref.email ?? '';
  const account = await findAccountByLoyaltyIdOrEmail(db, key);
  if (!account) throw memberNotFound(key);
  return account;
}

/** The partner API's answer when no member has the card number or email a request names. */
export function memberNotFound(key: string) {
  return notFound('MemberNotFound', `There is no member with the card number or email ${key}.`);
}

export async function loyaltyIdOf(db: Queryable, accountId: string): Promise<string> {
  const row = await queryOne<{ loyalty_id: string }>(db, 'SELECT loyalty_id FROM accounts WHERE id = $1', [
    accountId,
  ]);
  return row?.loyalty_id ?? '';
}
