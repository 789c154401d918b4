import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  createServerStore,
  runRefusedServer,
  type ServerProcess,
  type ServerStore,
  startServer,
} from '../support/server-process.ts';

/**
 * Fault test (issue 11): a second server on the same data. On the embedded database two processes
 * on one folder destroyed acknowledged purchases, so the second one must refuse to start. On
 * PostgreSQL several app servers are the supported way to scale: they must start together cleanly.
 */
describe('fault: a second server on one data directory', () => {
  let store: ServerStore | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill9();
    await store?.remove();
  });

  describe.skipIf(process.env.TEST_DATABASE_URL)('embedded database', () => {
    it('second server on one data directory: exits non-zero at once, naming the running process and the directory, and changes nothing', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const first = await startServer(store);
      servers.push(first);
      const member = await first.partner('POST', '/members', {
        email: `first-${Date.now()}@example.com`,
        name: 'Fay First',
        password: 'correct-horse-battery',
      });
      expect(member.status).toBe(201);

      const second = await runRefusedServer(store);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `The data directory ${store.dataDir} is in use by another server (process ${first.pid}).`,
      );
      expect(second.output).not.toContain('is running at');
      // The first server still answers, with what it acknowledged.
      const after = await first.partner('POST', '/members', {
        email: `first-again-${Date.now()}@example.com`,
        name: 'Fay First',
        password: 'correct-horse-battery',
      });
      expect(after.status).toBe(201);
    }, 180_000);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
    it('several servers starting together on one PostgreSQL: each migration runs once, and all of them serve', async () => {
      store = await createServerStore({ pgliteTemplate: inject('pgliteTemplate') });
      const started = await Promise.all([startServer(store), startServer(store), startServer(store)]);
      servers.push(...started);
      const migrations = readdirSync(new URL('../../src/server/db/migrations/', import.meta.url)).filter(
        (name) => name.endsWith('.sql'),
      );
      const applied = await store.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((row) => row.name)).toEqual(migrations.sort());
      const lines = started.flatMap((server) => server.output().match(/migration applied: \S+/g) ?? []);
      expect(lines.sort()).toEqual(migrations.map((name) => `migration applied: ${name}`));
      for (const [i, server] of started.entries()) {
        const res = await server.partner('POST', '/members', {
          email: `server-${i}-${Date.now()}@example.com`,
          name: 'Sam Several',
          password: 'correct-horse-battery',
        });
        expect(res.status, server.output()).toBe(201);
      }
    }, 180_000);
  });
});
