import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';

/** Runs one statement on its own connection (creating and dropping schemas and databases). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated schema as one script: every migration run once into a schema named `name` (unique, so
 * the name can be replaced as text), then pg_dump'ed with its rows. Running the script makes a copy
 * in a fraction of the time the migrations take (each test app on PostgreSQL needs one); the API
 * suite's global set-up makes it once per run, and a test proves the copy equals the migrations.
 */
export async function dumpMigratedSchema(url: string): Promise<{ name: string; script: string }> {
  const name = `template_${randomBytes(6).toString('hex')}`;
  await admin(url, `CREATE SCHEMA ${name}`);
  try {
    const db = openPostgres(url, { searchPath: `${name},public` });
    await migrate(db);
    await db.close();
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--dbname', url, '--schema', name, '--no-owner', '--no-privileges', '--inserts'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's own commands (\restrict in newer dumps) are not SQL.
    const script = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { name, script };
  } finally {
    await admin(url, `DROP SCHEMA ${name} CASCADE`);
  }
}

/**
 * A fresh, migrated schema of its own (`<prefix>_<random>`) in the PostgreSQL at `url`, dropped on
 * close: for the API tests (TEST_DATABASE_URL) and the benchmarks (BENCH_DATABASE_URL). With a
 * `template` from dumpMigratedSchema it is a copy of that; without, the migrations run.
 */
export async function openPostgresSchema(
  url: string,
  prefix: string,
  template?: { name: string; script: string },
): Promise<Database> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  // public stays on the path for gen_random_uuid and other built-ins.
  const db = openPostgres(url, { searchPath: `${schema},public` });
  if (template) {
    // On a connection of its own: the script sets its own session settings.
    await admin(url, template.script.replaceAll(template.name, schema));
  } else {
    await admin(url, `CREATE SCHEMA ${schema}`);
    await migrate(db);
  }
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await close();
      await admin(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** The same server's database `name` (the path of a postgres:// URL). */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Through a transaction-mode pooler nothing may be set per connection, so no search path can pick a
 * schema: each test app gets a database of its own instead, `<template>_<random>`, copied from a
 * migrated template database (the API suite's global set-up makes it) or empty without one, and
 * reached through the pooler. The set-up's teardown drops whatever is left under the template's name.
 */
export async function createDatabase(
  directUrl: string,
  template: string | null,
  prefix = 'test',
): Promise<string> {
  const name = `${template ?? prefix}_${randomBytes(6).toString('hex')}`;
  await admin(directUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return name;
}

export function dropDatabase(directUrl: string, name: string): Promise<void> {
  return admin(directUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Drops the databases copied from `template` that are left (a worker's last one made ahead). */
export async function dropCopiesOf(directUrl: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [`${template}_`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
