import { createHash } from 'node:crypto';
import { formatMoney } from '#shared/domain/format.ts';
import { formatLimit, ledgerLimits } from '#shared/domain/ledger-limits.ts';
import type { AccountRow } from '../accounts/account-service.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import type { LedgerRow } from './ledger-rows.ts';

/**
 * The points ledger. Every change to a balance is one ledger row written in the transaction that
 * changes the balance, by a conditional UPDATE (`… WHERE balance >= n`), after locking the member's
 * account row, so concurrent writes for one member queue instead of racing.
 *
 * Pending points: a purchase row carries confirms_at (the end of the returns window) and adds to
 * points_balance only when confirmed. Reads derive the truth from time (account-view and the
 * transactions list count a matured row as confirmed); every write transaction for a member first
 * confirms that member's matured rows, and a periodic sweep confirms the rest.
 */

/** Locks the member's account row for this transaction; every balance change starts here. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<AccountRow> {
  const row = await queryOne<AccountRow>(tx, 'SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (!row) throw notFound('MemberNotFound', 'No such member.');
  return row;
}

/** Moves the member's matured pending points into the balance (call with the account locked). */
export async function confirmMatured(tx: Queryable, accountId: string): Promise<number> {
  const row = await queryOne<{ confirmed: number }>(
    tx,
    `WITH confirmed AS (
       UPDATE ledger_entries SET confirmed_at = now()
        WHERE account_id = $1 AND confirmed_at IS NULL AND confirms_at IS NOT NULL AND confirms_at <= now()
        RETURNING points
     ), total AS (SELECT COALESCE(SUM(points), 0)::bigint AS points, COUNT(*) AS n FROM confirmed),
     credited AS (
       UPDATE accounts SET points_balance = points_balance + total.points
         FROM total WHERE accounts.id = $1 AND total.n > 0
         RETURNING accounts.id
     )
     SELECT (SELECT points FROM total) AS confirmed, (SELECT COUNT(*) FROM credited) AS credited`,
    [accountId],
  );
  return row?.confirmed ?? 0;
}

/** The periodic sweep: confirms matured points of every member, one member per transaction. */
export async function sweepMaturedPoints(db: Database, limit = 500): Promise<number> {
  const due = await db.query<{ account_id: string }>(
    `SELECT DISTINCT account_id FROM ledger_entries
      WHERE confirmed_at IS NULL AND confirms_at IS NOT NULL AND confirms_at <= now() LIMIT $1`,
    [limit],
  );
  for (const { account_id } of due) {
    await db.transaction(async (tx) => {
      await lockAccount(tx, account_id);
      await confirmMatured(tx, account_id);
    });
  }
  return due.length;
}

/** A stable fingerprint of a request body: same key with another body is refused. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface KeyedResult {
  entry: LedgerRow;
  /** True when the key had been used before with the same body: nothing new was written. */
  replayed: boolean;
}

const keyNames: Record<LedgerRow['kind'], string> = {
  purchase: 'orderId',
  return: 'returnId',
  adjustment: 'adjustmentId',
  redemption: 'redemptionId',
  exchange: 'key',
};

/** The stored row for a key, checked against the body it came with now. */
async function replayOf(
  db: Queryable,
  kind: LedgerRow['kind'],
  key: string,
  hash: string,
): Promise<LedgerRow | undefined> {
  const existing = await queryOne<LedgerRow>(
    db,
    'SELECT * FROM ledger_entries WHERE kind = $1 AND request_key = $2',
    [kind, key],
  );
  if (existing && existing.request_hash !== hash) {
    throw conflict(
      'IdempotencyKeyReused',
      `The ${keyNames[kind]} ${key} was already used for a different ${kind}; nothing was changed.`,
    );
  }
  return existing;
}

/** Thrown inside a transaction when a concurrent request with the same key committed first. */
class ReplaySignal extends Error {}

/**
 * Runs a keyed write once: a stored row with the key answers again (same body) or is refused
 * (other body). Identical requests at once queue on the member's account lock; each looks for the
 * key again once it holds the lock, so the ones behind the first answer its stored row instead of
 * checking the ledger afresh (which would refuse a second return of the same points, or a second
 * redemption of the same cash). The insert is also `ON CONFLICT DO NOTHING`, for a writer that
 * raced past the look-up.
 */
async function keyedWrite(
  db: Database,
  kind: LedgerRow['kind'],
  key: string,
  body: unknown,
  accountId: string,
  work: (tx: Queryable, hash: string, locked: AccountRow) => Promise<LedgerRow | null>,
): Promise<KeyedResult> {
  const hash = requestHash(body);
  const before = await replayOf(db, kind, key, hash);
  if (before) return { entry: before, replayed: true };
  try {
    const entry = await db.transaction(async (tx) => {
      const locked = await lockAccount(tx, accountId);
      if (await replayOf(tx, kind, key, hash)) throw new ReplaySignal();
      await confirmMatured(tx, accountId);
      const written = await work(tx, hash, locked);
      if (!written) throw new ReplaySignal();
      return written;
    });
    return { entry, replayed: false };
  } catch (error) {
    if (!(error instanceof ReplaySignal)) throw error;
    const after = await replayOf(db, kind, key, hash);
    if (!after) throw new Error(`ledger key ${kind}/${key} conflicted but no row was found`);
    return { entry: after, replayed: true };
  }
}

/**
 * Refuses a write that would take the member's points (confirmed and pending together) past
 * ledgerLimits.maxPoints. Call with the account locked and its matured points confirmed.
 */
async function checkPointsLimit(tx: Queryable, accountId: string, adding: number, what: string) {
  if (adding <= 0) return;
  const row = await queryOne<{ held: number }>(
    tx,
    `SELECT a.points_balance + (SELECT COALESCE(SUM(points), 0)::bigint FROM ledger_entries
                                 WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at IS NOT NULL) AS held
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  const held = row?.held ?? 0;
  if (held + adding <= ledgerLimits.maxPoints) return;
  throw conflict(
    'PointsLimit',
    `This ${what} would take the member's points to ${formatLimit(held + adding)}, past the limit of ${formatLimit(ledgerLimits.maxPoints)} points a member may hold (confirmed and pending together). Nothing was changed.`,
    { limit: ledgerLimits.maxPoints },
  );
}

const insertColumns = `account_id, kind, points, cash, confirms_at, confirmed_at, order_id, channel,
  store_display_name, fascia_display_name, order_value, order_currency, reason, created_at,
  request_key, request_hash, reverses_entry_id, discount, source`;

interface NewEntry {
  accountId: string;
  kind: LedgerRow['kind'];
  points?: number;
  cash?: number;
  confirmsAt?: Date | null;
  confirmed?: boolean;
  orderId?: string | null;
  channel?: LedgerRow['channel'];
  storeDisplayName?: string | null;
  fasciaDisplayName?: string | null;
  orderValue?: number | null;
  currency?: string | null;
  reason?: string | null;
  createdAt?: Date | null;
  key?: string | null;
  hash?: string | null;
  reverses?: number | null;
  discount?: string | null;
  source: string;
}

/** Inserts a ledger row; null when a row with the same key exists (a concurrent duplicate). */
async function insertEntry(tx: Queryable, e: NewEntry): Promise<LedgerRow | null> {
  const row = await queryOne<LedgerRow>(
    tx,
    `INSERT INTO ledger_entries (${insertColumns})
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END, $7, $8, $9, $10, $11, $12, $13,
             COALESCE($14, now()), $15, $16, $17, $18, $19)
     ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
     RETURNING *`,
    [
      e.accountId,
      e.kind,
      e.points ?? 0,
      e.cash ?? 0,
      e.confirmsAt ?? null,
      e.confirmed ?? false,
      e.orderId ?? null,
      e.channel ?? null,
      e.storeDisplayName ?? null,
      e.fasciaDisplayName ?? null,
      e.orderValue ?? null,
      e.currency ?? null,
      e.reason ?? null,
      e.createdAt ?? null,
      e.key ?? null,
      e.hash ?? null,
      e.reverses ?? null,
      e.discount ?? null,
      e.source,
    ],
  );
  return row ?? null;
}

/** Adds (or, negative, takes) points; taking more than the balance changes nothing and answers false. */
async function changePoints(tx: Queryable, accountId: string, points: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE accounts SET points_balance = points_balance + $2 WHERE id = $1 AND points_balance + $2 >= 0 RETURNING id',
    [accountId, points],
  );
  return rows.length === 1;
}

async function changeCash(tx: Queryable, accountId: string, cash: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE accounts SET cash_balance = cash_balance + $2 WHERE id = $1 AND cash_balance + $2 >= 0 RETURNING id',
    [accountId, cash],
  );
  return rows.length === 1;
}

export interface PurchaseInput {
  orderId: string;
  channel: 'ecommerce' | 'in-store';
  storeDisplayName: string | null;
  fasciaDisplayName: string | null;
  value: number;
  currency: string;
  points: number;
  purchasedAt: Date | null;
  discount: string | null;
}

/**
 * A purchase earns points that stay pending for the returns window after the purchase date; a
 * purchase reported after its window (an old order) counts at once.
 */
export async function recordPurchase(
  db: Database,
  account: AccountRow,
  input: PurchaseInput,
  options: { returnsWindowDays: number; body: unknown; source?: string },
): Promise<KeyedResult> {
  return keyedWrite(db, 'purchase', input.orderId, options.body, account.id, async (tx, hash) => {
    await checkPointsLimit(tx, account.id, input.points, 'purchase');
    const purchasedAt = input.purchasedAt ?? new Date();
    const confirmsAt = new Date(purchasedAt.getTime() + options.returnsWindowDays * 86_400_000);
    const matured = confirmsAt.getTime() <= Date.now();
    const entry = await insertEntry(tx, {
      accountId: account.id,
      kind: 'purchase',
      points: input.points,
      confirmsAt,
      confirmed: matured,
      orderId: input.orderId,
      channel: input.channel,
      storeDisplayName: input.storeDisplayName,
      fasciaDisplayName: input.fasciaDisplayName,
      orderValue: input.value,
      currency: input.currency,
      createdAt: purchasedAt,
      key: input.orderId,
      hash,
      discount: input.discount,
      source: options.source ?? 'partner',
    });
    if (entry && matured) await changePoints(tx, account.id, input.points);
    return entry;
  });
}

export interface ReturnInput {
  returnId: string;
  orderId: string;
  /** Points to reverse; all that remain of the order when omitted. */
  points: number | null;
  /** The refunded value, minor units. */
  value: number | null;
  returnedAt: Date | null;
}

/** A return reverses points of its purchase: pending ones before confirmation, else from the balance. */
export async function recordReturn(
  db: Database,
  input: ReturnInput,
  options: { memberId: string | null; body: unknown; source?: string },
): Promise<KeyedResult> {
  const purchase = await queryOne<LedgerRow>(
    db,
    "SELECT * FROM ledger_entries WHERE kind = 'purchase' AND request_key = $1",
    [input.orderId],
  );
  if (!purchase)
    throw notFound('PurchaseNotFound', `There is no purchase with the orderId ${input.orderId}.`);
  if (options.memberId && options.memberId !== purchase.account_id) {
    throw new HttpError(400, 'OrderOfAnotherMember', `The order ${input.orderId} belongs to another member.`);
  }
  return keyedWrite(db, 'return', input.returnId, options.body, purchase.account_id, async (tx, hash) => {
    // Read again under the account lock: the purchase may have confirmed since it was looked up.
    const state = await queryOne<{ confirmed_at: Date | null; confirms_at: Date | null; returned: number }>(
      tx,
      `SELECT p.confirmed_at, p.confirms_at,
              (SELECT COALESCE(SUM(r.points), 0)::bigint FROM ledger_entries r WHERE r.reverses_entry_id = p.id) AS returned
         FROM ledger_entries p WHERE p.id = $1`,
      [purchase.id],
    );
    const remaining = purchase.points + (state?.returned ?? 0);
    const points = input.points ?? remaining;
    if (points > remaining || (remaining === 0 && purchase.points > 0)) {
      throw conflict(
        'ReturnExceedsPurchase',
        remaining === 0
          ? `The points of order ${input.orderId} have already been returned.`
          : `Only ${remaining} points of order ${input.orderId} are left to return.`,
      );
    }
    const pending = !state?.confirmed_at;
    const entry = await insertEntry(tx, {
      accountId: purchase.account_id,
      kind: 'return',
      points: -points,
      // Reversing pending points: the return matures with its purchase, so the two confirm together.
      confirmsAt: pending ? (state?.confirms_at ?? purchase.confirms_at) : null,
      orderId: purchase.order_id,
      channel: purchase.channel,
      storeDisplayName: purchase.store_display_name,
      fasciaDisplayName: purchase.fascia_display_name,
      orderValue: input.value ?? (input.points === null ? purchase.order_value : null),
      currency: purchase.order_currency,
      createdAt: input.returnedAt,
      key: input.returnId,
      hash,
      reverses: purchase.id,
      source: options.source ?? 'partner',
    });
    if (!entry) return null;
    if (!pending && points > 0 && !(await changePoints(tx, purchase.account_id, -points))) {
      const balance = await queryOne<{ points_balance: number }>(
        tx,
        'SELECT points_balance FROM accounts WHERE id = $1',
        [purchase.account_id],
      );
      throw conflict(
        'PointsAlreadySpent',
        `The member has already spent these points: ${points} to reverse, ${balance?.points_balance ?? 0} in the balance. Nothing was changed; post an adjustment instead.`,
      );
    }
    return entry;
  });
}

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
  options: { body: unknown; source?: string; createdAt?: Date },
): Promise<KeyedResult> {
  return keyedWrite(db, 'adjustment', input.adjustmentId, options.body, account.id, async (tx, hash) => {
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
  });
}

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
  options: { body: unknown; locale: string; source?: string },
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
  );
}

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

export const notEnoughPoints = "You don't have enough points for that exchange.";

/** A member's ledger, newest first. */
export function ledgerFor(db: Queryable, accountId: string, limit = 500): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    'SELECT * FROM ledger_entries WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
    [accountId, limit],
  );
}

/** Balances as a till sees them (matured pending points counted, as in the member's own view). */
export async function balancesOf(db: Queryable, accountId: string) {
  const row = await queryOne<{
    points_balance: number;
    cash_balance: number;
    matured: number;
    pending: number;
  }>(
    db,
    `SELECT a.points_balance, a.cash_balance,
       (SELECT COALESCE(SUM(points), 0)::bigint FROM ledger_entries
         WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at <= now()) AS matured,
       (SELECT COALESCE(SUM(points), 0)::bigint FROM ledger_entries
         WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at > now()) AS pending
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  return {
    pointsBalance: (row?.points_balance ?? 0) + (row?.matured ?? 0),
    pendingPointsBalance: row?.pending ?? 0,
    cashBalance: row?.cash_balance ?? 0,
  };
}
