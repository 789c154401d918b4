import type { Audit } from '../audit/audit-log.ts';
import { type Database, queryOne } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { type KeyedResult, keyedWrite } from './idempotent-writes.ts';
import { changePoints, insertEntry } from './ledger-store.ts';
import { checkPointsLimit } from './pending-points.ts';

export interface AdjustmentInput {
  adjustmentId: string;
  points: number;
  reason: string;
}

/** A manual adjustment, counted at once; taking more points than the member has is refused. */
export async function recordAdjustment(
  db: Database,
  account: AccountRow,
  input: AdjustmentInput,
  options: { body: unknown; source?: string; createdAt?: Date; audit?: Audit },
): Promise<KeyedResult> {
  return keyedWrite(
    db,
    'adjustment',
    input.adjustmentId,
    options.body,
    account.id,
    async (tx, hash) => {
      await checkPointsLimit(tx, account.id, input.points, 'adjustment');
      const entry = await insertEntry(tx, {
        accountId: account.id,
        kind: 'adjustment',
        points: input.points,
        reason: input.reason,
        key: input.adjustmentId,
        hash,
        createdAt: options.createdAt ?? null,
        source: options.source ?? 'partner',
      });
      if (!entry) return null;
      if (!(await changePoints(tx, account.id, input.points))) {
        const now = await queryOne<{ points_balance: number }>(
          tx,
          'SELECT points_balance FROM accounts WHERE id = $1',
          [account.id],
        );
        throw conflict(
          'BalanceWouldGoNegative',
          `The member has ${now?.points_balance ?? 0} points; an adjustment of ${input.points} would make the balance negative.`,
        );
      }
      return entry;
    },
    options.audit,
  );
}
