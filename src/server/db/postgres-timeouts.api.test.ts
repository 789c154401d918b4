import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { openPostgres } from './postgres.ts';

/**
 * The statement time-out holds for the app's statements in both pool modes (at connection start-up,
 * or per transaction behind a transaction-mode pooler), and an unbounded transaction (migrations,
 * which may rebuild a large table) is free of it and of the client's own time-out.
 */
const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(url)('PostgreSQL time-outs', () => {
  for (const poolMode of ['session', 'transaction'] as const) {
    it(`${poolMode} mode: a statement past the time-out is cancelled as unavailable; an unbounded transaction runs on`, async () => {
      const db = openPostgres(url, { poolMode, statementTimeoutMs: 300, poolSize: 2 });
      try {
        const inTransaction = await db
          .transaction((tx) => tx.query('SELECT pg_sleep(1)'))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(inTransaction)).toBe(true);
        if (poolMode === 'session') {
          const alone = await db.query('SELECT pg_sleep(1)').then(
            () => null,
            (error: unknown) => error,
          );
          expect(isDatabaseUnavailable(alone)).toBe(true);
        }
        const rows = await db.transaction(
          (tx) => tx.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(1)'),
          {
            unbounded: true,
          },
        );
        expect(rows).toEqual([{ ok: 1 }]);
        // The pool is healthy afterwards: the cancelled statement's connection was reusable or replaced.
        expect(await db.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
      } finally {
        await db.close();
      }
    });
  }
});
