import type { Database, Queryable } from '../../src/server/db/database.ts';

export interface SentStatement {
  sql: string;
  params: readonly unknown[];
}

/** The database, telling `onQuery` every statement it runs with its parameters (inside transactions too). */
export function recordingDatabase(db: Database, onQuery: (statement: SentStatement) => void): Database {
  const record =
    (queryable: Queryable): Queryable['query'] =>
    (sql, params = []) => {
      onQuery({ sql, params });
      return queryable.query(sql, params);
    };
  return {
    driver: db.driver,
    query: record(db),
    transaction: (work) => db.transaction((tx) => work({ query: record(tx) })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}
