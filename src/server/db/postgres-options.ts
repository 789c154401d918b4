/**
 * How the server uses its PostgreSQL connections (docs/operating.md, "PostgreSQL connections"; environment
 * variables DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS,
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS and DATABASE_POOL_MODE). A timeout of 0 turns it off.
 */
export interface PostgresOptions {
  /** Connections this process opens at most. */
  poolSize: number;
  /** How long a request waits for a connection (a new one, or a free one) before it answers 503. */
  connectTimeoutMs: number;
  /** The longest one statement may run; PostgreSQL cancels it after that. */
  statementTimeoutMs: number;
  /** How long a transaction may sit idle (its process stalled) before PostgreSQL ends it. */
  idleInTransactionTimeoutMs: number;
  /**
   * `session`: this process owns its connections (PostgreSQL directly, or a pooler in session mode).
   * `transaction`: a pooler such as PgBouncer in transaction mode lends a server connection per
   * transaction, so nothing may outlive one: no named prepared statements, no settings at connection
   * start-up (the timeouts are set per transaction instead).
   */
  poolMode: 'session' | 'transaction';
  /** Tests and benchmarks isolate a schema (one per app); never through a transaction-mode pooler. */
  searchPath?: string;
}

export const postgresDefaults: PostgresOptions = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 15_000,
  poolMode: 'session',
};
