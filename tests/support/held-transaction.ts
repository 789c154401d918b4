import type { Database, Queryable } from '../../src/server/db/database.ts';

/**
 * Holds what `hold` locks, in a transaction of its own, until `sending` waits for it at the database
 * (PostgreSQL: the other connection shows it blocked); then runs `then` in that transaction, commits,
 * and answers what `sending` answers.
 */
export async function whileHeld<T>(
  db: Database,
  hold: (tx: Queryable) => Promise<unknown>,
  sending: () => Promise<T>,
  then: (tx: Queryable) => Promise<unknown> = async () => {},
): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await hold(tx);
    const [holder] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    answer = sending();
    for (let tries = 0; ; tries++) {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
        [holder?.pid],
      );
      if ((row?.n ?? 0) > 0) break;
      if (tries > 1000) throw new Error('nothing waited for what was held');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await then(tx);
  });
  return answer as Promise<T>;
}
