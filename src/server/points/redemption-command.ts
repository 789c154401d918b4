import { formatMoney } from '#shared/domain/format.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import { conflict, forbidden, HttpError } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { type KeyedResult, keyedWrite } from './idempotent-writes.ts';
import { changeCash, insertEntry } from './ledger-store.ts';

export interface RedemptionInput {
  redemptionId: string;
  amount: number;
  currency: string | null;
  channel: 'ecommerce' | 'in-store';
  storeDisplayName: string | null;
  fasciaDisplayName: string | null;
}

/** Spends cash balance at the till or online; refused when the member cannot redeem or lacks the cash. */
export async function recordRedemption(
  db: Database,
  account: AccountRow,
  input: RedemptionInput,
  options: { body: unknown; locale: string; source?: string; audit?: Audit },
): Promise<KeyedResult> {
  return keyedWrite(
    db,
    'redemption',
    input.redemptionId,
    options.body,
    account.id,
    async (tx, hash, locked) => {
      if (!locked.can_redeem)
        throw forbidden(
          'CannotRedeem',
          'This member cannot redeem their balance (accessRules.canRedeem is false).',
        );
      if (input.currency && input.currency !== locked.currency) {
        throw new HttpError(
          400,
          'CurrencyMismatch',
          `The member's balance is in ${locked.currency}, not ${input.currency}.`,
        );
      }
      const entry = await insertEntry(tx, {
        accountId: account.id,
        kind: 'redemption',
        cash: -input.amount,
        channel: input.channel,
        storeDisplayName: input.storeDisplayName,
        fasciaDisplayName: input.fasciaDisplayName,
        currency: locked.currency,
        key: input.redemptionId,
        hash,
        source: options.source ?? 'partner',
      });
      if (!entry) return null;
      if (!(await changeCash(tx, account.id, -input.amount))) {
        const money = (n: number) => formatMoney(n, locked.currency, options.locale);
        throw conflict(
          'NotEnoughCash',
          `The member's balance is ${money(locked.cash_balance)}, less than the ${money(input.amount)} to redeem.`,
        );
      }
      return entry;
    },
    options.audit,
  );
}
