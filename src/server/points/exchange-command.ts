import { formatMoney } from '#shared/domain/format.ts';
import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import type { LedgerRow } from './ledger-rows.ts';
import { insertEntry, lockAccount } from './ledger-store.ts';
import { confirmMatured } from './pending-points.ts';

export const notEnoughPoints = "You don't have enough points for that exchange.";

/** Points to cash on the pass; `validate` checks the locked account and answers the cash value. */
export async function recordExchange(
  db: Database,
  accountId: string,
  points: number,
  validate: (account: AccountRow, tx: Queryable) => Promise<number>,
  options: { source?: string; key?: string; createdAt?: Date; locale?: string } = {},
): Promise<{ entry: LedgerRow; account: AccountRow }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await confirmMatured(tx, accountId);
    // Read again after confirmation: the balance now includes matured points.
    const account = await lockAccount(tx, accountId);
    const cash = await validate(account, tx);
    if (account.cash_balance + cash > ledgerLimits.maxCash) {
      const money = (n: number) => formatMoney(n, account.currency, options.locale ?? 'en-GB');
      throw conflict(
        'CashLimit',
        `Your pass can hold at most ${money(ledgerLimits.maxCash)}; adding ${money(cash)} to ${money(account.cash_balance)} would pass that. Nothing was changed.`,
        { limit: ledgerLimits.maxCash },
      );
    }
    const updated = await queryOne<AccountRow>(
      tx,
      `UPDATE accounts SET points_balance = points_balance - $2, cash_balance = cash_balance + $3
        WHERE id = $1 AND points_balance >= $2 RETURNING *`,
      [accountId, points, cash],
    );
    if (!updated) throw conflict('NotEnoughPoints', notEnoughPoints);
    const entry = await insertEntry(tx, {
      accountId,
      kind: 'exchange',
      points: -points,
      cash,
      currency: account.currency,
      key: options.key ?? null,
      createdAt: options.createdAt ?? null,
      source: options.source ?? 'member',
    });
    if (!entry) throw conflict('AlreadyApplied', 'This exchange was already made.');
    return { entry, account: updated };
  });
}
