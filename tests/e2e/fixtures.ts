import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { SmtpSink } from '../support/smtp-sink.ts';

/** A real server process (npm start's entry) on its own port, data folder, configuration and SMTP sink. */
export interface TestServer {
  url: string;
  dataDir: string;
  mail: SmtpSink;
  /** Calls the partner API with the server's own development key. */
  partner<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
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
  server: TestServer;
}

interface TestFixtures {
  /** Creates a member through the partner API (as staff would). */
  createMember(input?: Partial<Pick<Member, 'email' | 'password' | 'name'>>): Promise<Member>;
  /** Signs the page's browser in as a member through the API, as the sign-in form would. */
  signIn(page: Page, member: Member): Promise<void>;
}

let portCounter = 0;

async function startServer(
  workerIndex: number,
  config: Record<string, unknown>,
): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-e2e-'));
  const configPath = join(dataDir, 'config.json');
  writeFileSync(configPath, JSON.stringify(config));
  const mail = new SmtpSink();
  const smtpUrl = await mail.start();
  // E2E_PORT_BASE keeps parallel checkouts on one machine out of each other's way.
  const port = Number(process.env.E2E_PORT_BASE ?? 4100) + workerIndex * 20 + (portCounter++ % 20);
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOYALTY_CONFIG: configPath,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const url = `http://localhost:${port}`;
  const key = readFileSync(join(dataDir, 'operator-key'), 'utf8').trim();
  const server: TestServer = {
    url,
    dataDir,
    mail,
    async partner(method, path, body) {
      const response = await fetch(`${url}/partner/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
  };
  return {
    server,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
      await mail.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let memberCounter = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  loyaltyConfig: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ loyaltyConfig }, use, workerInfo) => {
      const { server, stop } = await startServer(workerInfo.workerIndex, loyaltyConfig);
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
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
