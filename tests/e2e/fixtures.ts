import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Database } from '../../src/server/db/database.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { createServerStore, startServer } from '../support/server-process.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/** A real server process (npm start's entry) on its own port, data folder, configuration and SMTP sink. */
export interface TestServer {
  url: string;
  dataDir: string;
  mail: SmtpSink;
  /** Everything the server process printed so far. */
  output(): string;
  /** Calls the partner API with the server's own development key. */
  partner<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /**
   * Moves the server's clock `ms` forward, as if that much time had passed (src/server/test-clock.ts):
   * what a journey does instead of sleeping. Embedded database only (PostgreSQL keeps its own clock).
   */
  advanceClock(ms: number): Promise<void>;
}

export interface Member {
  email: string;
  password: string;
  name: string;
  loyaltyId: string;
}

interface WorkerFixtures {
  /** Overrides of the described configuration for this file's server (test.use({ loyaltyConfig })). */
  loyaltyConfig: Record<string, unknown>;
  /** Writes rows into the file's server's database before it starts (test.use({ prepareDatabase })). */
  prepareDatabase: PrepareDatabase | null;
  server: TestServer;
}

/** An object, not a bare function (which Playwright would take for a fixture). */
type PrepareDatabase = { run(db: Database): Promise<void> };

interface TestFixtures {
  /** Creates a member through the partner API (as staff would). */
  createMember(input?: Partial<Pick<Member, 'email' | 'password' | 'name'>>): Promise<Member>;
  /** Signs the page's browser in as a member through the API, as the sign-in form would. */
  signIn(page: Page, member: Member): Promise<void>;
}

/** Ports per worker: a worker that replaces a failed one reuses its slot's range (parallelIndex). */
const portsPerWorker = 20;
let portCounter = 0;

async function startTestServer(
  parallelIndex: number,
  config: Record<string, unknown>,
  prepareDatabase: PrepareDatabase | null = null,
): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const store = await createServerStore({ pgliteTemplate: process.env.E2E_PGLITE_TEMPLATE });
  if (prepareDatabase) {
    // Rows no screen or API of this file makes (stores, stylists), written before the server opens the data.
    if (store.databaseUrl) throw new Error('prepareDatabase writes the embedded database only');
    const db = await openPglite(join(store.dataDir, 'db'));
    await prepareDatabase.run(db);
    await db.close();
  }
  const configPath = join(store.dataDir, 'config.json');
  writeFileSync(configPath, JSON.stringify(config));
  const mail = new SmtpSink();
  const smtpUrl = await mail.start();
  // E2E_PORT_BASE keeps parallel checkouts on one machine out of each other's way.
  const port =
    Number(process.env.E2E_PORT_BASE ?? 4100) +
    parallelIndex * portsPerWorker +
    (portCounter++ % portsPerWorker);
  const running = await startServer(store, {
    port,
    entry: 'build',
    env: { LOYALTY_CONFIG: configPath, SMTP_URL: smtpUrl },
    testClock: store.databaseUrl === undefined,
  }).catch(async (error: unknown) => {
    await mail.stop();
    await store.remove();
    throw error;
  });
  const stages = /Started in [^\n]*/.exec(running.output())?.[0] ?? '';
  console.log(
    `test server ${running.url} ready ${(running.startMs / 1000).toFixed(1)} s after spawn; ${stages}`,
  );
  const server: TestServer = {
    url: running.url,
    dataDir: store.dataDir,
    mail,
    output: running.output,
    partner: async (method, path, body) => {
      const { status, body: answer } = await running.partner(method, path, body);
      return { status, body: answer as never };
    },
    advanceClock: (ms) => running.advanceClock(ms),
  };
  return {
    server,
    stop: async () => {
      await running.stop();
      await mail.stop();
      await store.remove();
    },
  };
}

let memberCounter = 0;

/**
 * The app's pages start their JavaScript after the first paint (src/web/start.js), so `load` comes
 * before React has hydrated the page, and a click on a server-rendered button in between does
 * nothing. After a page load of the app (a page with boot data) this waits until `<html>` is marked
 * hydrated (app.tsx), as a member waits for a page to work; not when the caller asked for an earlier
 * moment (`waitUntil: 'commit' | 'domcontentloaded'`), nor with JavaScript off.
 */
function waitForHydrationAfterLoads(page: Page, javaScriptEnabled: boolean): void {
  if (!javaScriptEnabled) return;
  const hydrated = async (waitUntil: string | undefined) => {
    if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return;
    await page
      .waitForFunction(
        () => !document.getElementById('boot') || document.documentElement.hasAttribute('data-hydrated'),
      )
      .catch((error: Error) => {
        // The page went elsewhere meanwhile (an external redirect): nothing to wait for there.
        if (!/context was destroyed|navigat/i.test(error.message)) throw error;
      });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated(options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated(options?.waitUntil);
    return response;
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  loyaltyConfig: [{}, { scope: 'worker', option: true }],
  prepareDatabase: [null, { scope: 'worker', option: true }],
  server: [
    async ({ loyaltyConfig, prepareDatabase }, use, workerInfo) => {
      const { server, stop } = await startTestServer(
        workerInfo.parallelIndex,
        loyaltyConfig,
        prepareDatabase,
      );
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    waitForHydrationAfterLoads(page, javaScriptEnabled);
    await use(page);
  },
  createMember: async ({ server }, use) => {
    await use(async (input = {}) => {
      const email = input.email ?? `member${++memberCounter}-${Date.now()}@example.com`;
      const password = input.password ?? 'correct-horse-battery';
      const name = input.name ?? 'Sam Taylor';
      const res = await server.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
        email,
        name,
        password,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { email, password, name, loyaltyId: res.body.member.loyaltyId };
    });
  },
  signIn: async ({ server }, use) => {
    await use(async (page, member) => {
      const res = await page.request.post(`${server.url}/api/login`, {
        data: { username: member.email, password: member.password },
        headers: { origin: server.url },
      });
      expect(res.status()).toBe(200);
    });
  },
});

export { expect };
