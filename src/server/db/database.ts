/**
 * One interface over both drivers (PGlite embedded, PostgreSQL via pg). Features write plain,
 * parameterised PostgreSQL; see docs/decisions.md for why there is no ORM.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one statement and returns its rows. Parameters are $1, $2, ... */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
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
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}
