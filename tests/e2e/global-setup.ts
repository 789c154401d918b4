import { createPgliteTemplate } from '../support/server-process.ts';

/**
 * Once per run: a migrated embedded database that every test server's data folder starts as a copy
 * of (about 1 s), instead of each server running initdb and the migrations (10–20 s when busy).
 */
export default async function globalSetup(): Promise<() => void> {
  const started = performance.now();
  const template = await createPgliteTemplate();
  // Workers inherit the environment set here.
  process.env.E2E_PGLITE_TEMPLATE = template.dir;
  console.log(`migrated database template ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return template.remove;
}
