import { createPgliteTemplate } from '../support/server-process.ts';

/**
 * Once per run: a migrated embedded database that every test server's data folder starts as a copy
 * of (about 1 s), instead of each server running initdb and the migrations (10–20 s when busy).
 */
export default async function globalSetup(): Promise<(() => void) | undefined> {
  // With TEST_DATABASE_URL each test server gets a PostgreSQL schema of its own instead.
  if (process.env.TEST_DATABASE_URL) return undefined;
  const started = performance.now();
  const template = await createPgliteTemplate();
  // Workers inherit the environment set here.
  process.env.E2E_PGLITE_TEMPLATE = template.dir;
  console.log(`migrated database template ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return template.remove;
}
