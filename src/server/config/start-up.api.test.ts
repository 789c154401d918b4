import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The server as `npm start` runs it, with only the given variables on top of a clean environment. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const { HOST, SMTP_URL, DATABASE_URL, LOYALTY_CONFIG, PORT, NODE_ENV, LOG_LEVEL, ...inherited } =
    process.env;
  const child = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The exit code of a server that should refuse to start; one that starts instead is stopped ('started'). */
async function refusalOf(child: ChildProcess, output: () => string): Promise<number | null | 'started'> {
  const exit = exitOf(child);
  const started = waitFor(
    () => output().includes('is running at') || child.exitCode !== null,
    'the server to exit or start',
  ).then(() => 'started' as const);
  if ((await Promise.race([exit, started])) === 'started' && child.exitCode === null) {
    child.kill('SIGTERM');
    await exit;
    return 'started';
  }
  return exit;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const dataDirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-start-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('start-up rules of the real server process', () => {
  it('start-up: production without publicOrigin or SMTP_URL exits non-zero naming both keys', async () => {
    const { child, output } = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir(), PORT: '0' });
    expect(await exitOf(child)).not.toBe(0);
    expect(output()).toContain('publicOrigin');
    expect(output()).toContain('SMTP_URL');
    expect(output()).not.toContain('is running at');
  });

  it('start-up: production with an http publicOrigin exits non-zero naming publicOrigin', async () => {
    const dir = dataDir();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ publicOrigin: 'http://members.example.com' }));
    const { child, output } = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: '0',
      LOYALTY_CONFIG: config,
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
    });
    expect(await exitOf(child)).not.toBe(0);
    expect(output()).toMatch(/publicOrigin must be an https origin/);
    expect(output()).not.toContain('pass@');
  });

  it('start-up: an invalid pointsExpiry exits non-zero naming the key', async () => {
    const dir = dataDir();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ pointsExpiry: { months: 12, reminderDays: 400 } }));
    const { child, output } = startServer({ DATA_DIR: dir, PORT: '0', LOYALTY_CONFIG: config });
    expect(await exitOf(child)).not.toBe(0);
    expect(output()).toMatch(/pointsExpiry\.reminderDays/);
  });

  it('start-up: a one-character PARTNER_API_KEY or METRICS_KEY exits non-zero naming both keys, never echoing them', async () => {
    const dir = dataDir();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ publicOrigin: 'https://members.example.com' }));
    const { child, output } = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: '0',
      LOYALTY_CONFIG: config,
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      PARTNER_API_KEY: 'Q',
      METRICS_KEY: 'Z',
    });
    expect(await refusalOf(child, output)).toBe(1);
    expect(output()).toMatch(/PARTNER_API_KEY[\s\S]*METRICS_KEY/);
    expect(output()).not.toMatch(/\bQ\b|\bZ\b/);
    expect(output()).not.toContain('is running at');
  }, 90_000);

  it('start-up: trustedProxies ["0.0.0.0/0"] exits non-zero naming trustedProxies, without a stack trace', async () => {
    const dir = dataDir();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ trustedProxies: ['0.0.0.0/0'] }));
    const { child, output } = startServer({ DATA_DIR: dir, PORT: '0', LOYALTY_CONFIG: config });
    expect(await refusalOf(child, output)).toBe(1);
    expect(output()).toContain('trustedProxies');
    expect(output()).toContain('0.0.0.0/0');
    expect(output()).not.toMatch(/^\s+at /m);
    expect(output()).not.toContain('is running at');
  }, 90_000);

  it('start-up: development listens on loopback only, says how to open it, and logs no sign-in token', async () => {
    const port = await freePort();
    const { child, output } = startServer({ DATA_DIR: dataDir(), PORT: String(port), LOG_LEVEL: 'trace' });
    try {
      await waitFor(() => output().includes('is running at'), 'the server to start');
      expect(output()).toContain('Listening on 127.0.0.1 only');
      expect(output()).toContain('HOST=0.0.0.0');
      expect(output()).toContain(`http://localhost:${port}/dev/mailbox`);

      // Not reachable from the network at all.
      const network = Object.values(networkInterfaces())
        .flat()
        .filter((info) => info?.family === 'IPv4' && !info.internal);
      for (const info of network) {
        await expect(fetch(`http://${info?.address}:${port}/`)).rejects.toThrow();
      }

      const origin = `http://localhost:${port}`;
      const asked = await fetch(`${origin}/api/request-magic-link`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com' }),
      });
      expect(asked.status).toBe(200);
      let token = '';
      await waitFor(async () => {
        // The demo's marketing mails (its private sale, its event's invitation) may be there too.
        const list = await (await fetch(`${origin}/dev/mailbox`)).text();
        for (const [, mail] of list.matchAll(/href="(\/dev\/mailbox\/[^"]+)"/g)) {
          const body = await (await fetch(`${origin}${mail}`)).text();
          token = /token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
          if (token) return true;
        }
        return false;
      }, 'the sign-in mail in the mailbox');
      await waitFor(() => output().includes('Sign in to'), 'the outbox log line');
      expect(output()).toContain('/dev/mailbox');
      expect(output()).not.toContain(token);
      expect(output()).not.toContain('token=');
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }, 90_000);
});
