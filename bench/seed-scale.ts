/**
 * Loads the scale population into PostgreSQL (a separate command: about 15 minutes on a 2-core
 * machine for the default 1M members and 20M ledger rows). Then `npm run bench:scale` compares the
 * member calls on it with an empty database.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:seed
 * Options (environment): SCALE_MEMBERS (default 1000000), SCALE_ROWS_PER_MEMBER (20),
 * SCALE_SCHEMA (bench_scale; dropped and made again).
 */
import pg from 'pg';
import { migrate } from '../src/server/db/migrate.ts';
import { openPostgres } from '../src/server/db/postgres.ts';
import { seedScale } from './scale-seed.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error(
    'Set BENCH_DATABASE_URL to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
  process.exit(2);
}
const schema = process.env.SCALE_SCHEMA ?? 'bench_scale';
const members = Number(process.env.SCALE_MEMBERS ?? 1_000_000);
const ledgerRowsPerMember = Number(process.env.SCALE_ROWS_PER_MEMBER ?? 20);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${schema}`);
await admin.end();

const db = openPostgres(url, {
  searchPath: `${schema},public`,
  statementTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
});
await migrate(db);
const started = Date.now();
console.log(`Seeding ${members} members × ${ledgerRowsPerMember} ledger rows into schema ${schema}`);
await seedScale(db, { members, ledgerRowsPerMember, maturedRows: 250 }, (line) =>
  console.log(`${line}  (${((Date.now() - started) / 1000).toFixed(0)} s)`),
);
const [size] = await db.query<{ rows: string; bytes: string }>(
  `SELECT (SELECT count(*) FROM ledger_entries)::text AS rows,
          pg_size_pretty(pg_database_size(current_database())) AS bytes`,
);
console.log(
  `Done in ${((Date.now() - started) / 60_000).toFixed(1)} min: ${size?.rows} ledger rows, database ${size?.bytes}`,
);
await db.close();
