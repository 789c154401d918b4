import pg from 'pg';
import { type Database, parseInt8, parseNumeric, type Queryable, type Row } from './database.ts';
import { asUnavailable, isConnectionLoss } from './database-unavailable.ts';
import { type PostgresOptions, postgresDefaults } from './postgres-options.ts';

pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseNumeric);

/**
 * Beyond the statement timeout the client gives up on its own: a database that stopped answering
 * altogether (a hung host, a dropped network) cannot cancel anything itself.
 */
const clientGraceMs = 5_000;

/** The client's own time-out in an unbounded transaction (pg takes only a positive override). */
const unboundedMs = 86_400_000;

/** An unbounded transaction turns PostgreSQL's time-outs off for itself. */
const beginUnbounded =
  'BEGIN; SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0';

/**
 * PostgreSQL through a connection pool that outlives its database: a connection lost while idle is
 * dropped from the pool (never an unhandled 'error' event, which would end the process), a client
 * that failed mid-transaction is destroyed rather than reused, and every failure to reach the database
 * is a DatabaseUnavailableError (503) raised within the timeouts above.
 */
export function openPostgres(
  connectionString: string,
  overrides: Partial<PostgresOptions> = {},
  log: (message: string, error: unknown) => void = () => undefined,
): Database {
  const options = { ...postgresDefaults, ...overrides };
  const pooled = options.poolMode === 'transaction';
  if (pooled && options.searchPath) throw new Error('a search path needs poolMode "session"');
  const timeouts = {
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  };
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { query_timeout: options.statementTimeoutMs + clientGraceMs } : {}),
    // A peer that vanished without closing the connection (a failover, a firewall) is noticed.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A pooler in transaction mode refuses start-up settings it does not track.
    ...(pooled ? {} : timeouts),
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that dies (a restart, pg_terminate_backend, an idle timeout on the way) is
  // reported here and already out of the pool; the next request opens a new one.
  pool.on('error', (error) => log('an idle database connection was lost', error));
  const begin = pooled ? beginWithLocalTimeouts(timeouts) : 'BEGIN';
  const advice = poolerAdvice(log);

  const asQueryable = (target: pg.Pool | pg.PoolClient, unbounded = false): Queryable => ({
    async query<T = Row>(
      sql: string,
      params: readonly unknown[] = [],
      queryOptions: { prepared?: string } = {},
    ) {
      const values = params as unknown[];
      try {
        const result = unbounded
          ? await target.query({ text: sql, values, query_timeout: unboundedMs } as pg.QueryConfig)
          : queryOptions.prepared && !pooled
            ? await target.query({ name: queryOptions.prepared, text: sql, values })
            : await target.query(sql, values);
        return result.rows as T[];
      } catch (error) {
        advice(error);
        throw asUnavailable(error);
      }
    },
  });
  return {
    driver: 'postgres',
    ...asQueryable(pool),
    async transaction(work, transactionOptions = {}) {
      const unbounded = transactionOptions.unbounded === true;
      const client = await pool.connect().catch((error: unknown) => {
        advice(error);
        throw asUnavailable(error);
      });
      // While checked out, a connection lost between two statements is reported on the client;
      // without a listener it would end the process.
      let lost: unknown;
      const onLost = (error: unknown) => {
        lost = error;
      };
      client.on('error', onLost);
      let broken = false;
      try {
        await client.query(unbounded ? beginUnbounded : begin);
        const result = await work(asQueryable(client, unbounded));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken = lost !== undefined || isConnectionLoss(error);
        if (!broken) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw asUnavailable(lost ?? error);
      } finally {
        client.removeListener('error', onLost);
        // A broken client is closed and replaced, never handed to the next request.
        client.release(broken || lost !== undefined ? new Error('connection broken') : undefined);
      }
    },
    exec: async (sql) => {
      try {
        await pool.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A transaction-mode pooler (PgBouncer) behind a server in session mode fails in two recognisable
 * ways: it refuses the timeouts sent at connection start-up, or a named prepared statement is gone
 * because the next transaction ran on another server connection. Either is said once, plainly.
 */
function poolerAdvice(log: (message: string, error: unknown) => void): (error: unknown) => void {
  let said = false;
  return (error) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    const message = error instanceof Error ? error.message : '';
    const pooler =
      message.includes('unsupported startup parameter') ||
      (code === '26000' && message.includes('prepared statement'));
    if (!pooler || said) return;
    said = true;
    log(
      'DATABASE_URL looks like a connection pooler in transaction mode (PgBouncer): set DATABASE_POOL_MODE=transaction (no named prepared statements, timeouts set per transaction)',
      error,
    );
  };
}

/** BEGIN, then the timeouts for this transaction only: one round trip, as a plain BEGIN is. */
function beginWithLocalTimeouts(timeouts: Record<string, number>): string {
  const settings = Object.entries(timeouts).map(([name, ms]) => `SET LOCAL ${name} = ${Math.trunc(ms)}`);
  return ['BEGIN', ...settings].join('; ');
}
