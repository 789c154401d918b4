import type { Database } from './database.ts';

/**
 * The database as it will be once open and migrated, to build the app with meanwhile (main.ts: the
 * embedded database takes about a second to open in its thread, building the app half a second on
 * the main one). A statement sent before then waits for it; once open, each call goes straight
 * through. The server listens only after the database is open, so no request ever waits here.
 */
export function whenOpen(opening: Promise<Database>, driver: Database['driver']): Database {
  let open: Database | undefined;
  opening.then(
    (db) => {
      open = db;
    },
    // The opener reports its own failure (main.ts); a statement sent meanwhile gets it too.
    () => undefined,
  );
  const use = <T>(run: (db: Database) => Promise<T>): Promise<T> => (open ? run(open) : opening.then(run));
  return {
    driver,
    query: (sql, params, options) => use((db) => db.query(sql, params, options)),
    transaction: (work) => use((db) => db.transaction(work)),
    exec: (sql) => use((db) => db.exec(sql)),
    close: () => use((db) => db.close()),
  };
}
