/**
 * One interface over both drivers (PGlite embedded, PostgreSQL via pg). Features write plain,
 * parameterised PostgreSQL; why there is no ORM:
 * docs/decisions/0001-plain-sql-over-one-small-interface.md.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * Runs one statement and returns its rows. Parameters are $1, $2, ... A `prepared` name makes it a
   * named prepared statement (parsed and planned once per connection on PostgreSQL, once on the
   * embedded database: the hot paths); one name is one text.
   */
  query<T = Row>(sql: string, params?: readonly unknown[], options?: { prepared?: string }): Promise<T[]>;
}

export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * `unbounded`: no statement or idle time-out applies (PostgreSQL; migrations, which may rebuild a
   * large table).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: { unbounded?: boolean }): Promise<T>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly driver: 'pglite' | 'postgres';
}

/** First row or undefined. */
export async function queryOne<T = Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
  options?: { prepared?: string },
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params, options);
  return rows[0];
}

/**
 * BIGINT (balances, ledger amounts, COUNT, SUM cast to bigint) and NUMERIC as JavaScript numbers, the
 * same from both drivers. The ledger limits (src/shared/domain/ledger-limits.ts) keep every amount far
 * below 2^53, so the conversion is exact; a value past it would be a broken invariant, never a rounded
 * number, so it throws.
 */
export function parseInt8(text: string): number {
  const value = Number.parseInt(text, 10);
  if (!Number.isSafeInteger(value)) throw new Error(`database integer ${text} is beyond 2^53`);
  return value;
}

export function parseNumeric(text: string): number {
  const value = Number(text);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new Error(`database number ${text} is beyond 2^53`);
  }
  return value;
}

/** PostgreSQL type ids of the types above. */
export const int8TypeId = 20;
export const numericTypeId = 1700;
