import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliTestApp, closeCliTestApp, serveForCli } from '#tests/support/cli-server.ts';
import type { TestApp } from '#tests/support/test-app.ts';
import { runCli } from './main.ts';

let t: TestApp;
let output: string[];
let errors: string[];

beforeAll(async () => {
  t = await cliTestApp();
});
afterAll(() => closeCliTestApp(t));

function capture() {
  output = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
}
afterEach(() => vi.restoreAllMocks());

describe('operator CLI (npm run loyalty)', () => {
  it('member create: creates a member who can then sign in, and prints the card number', async () => {
    capture();
    const code = await runCli([
      'member',
      'create',
      '--email',
      'Staff.Made@Example.com',
      '--name',
      'Kim Lee',
      '--password',
      'a-good-password',
    ]);
    expect(code).toBe(0);
    expect(output.join('\n')).toMatch(
      /Created member Kim Lee <staff\.made@example\.com>, card number 63\d{11}/,
    );
    const login = await t
      .client()
      .post('/api/login', { username: 'staff.made@example.com', password: 'a-good-password' });
    expect(login.status).toBe(200);
  });

  it('member create: a duplicate email exits non-zero with a clear message and changes nothing', async () => {
    capture();
    await runCli(['member', 'create', '--email', 'dup@example.com', '--name', 'First']);
    const code = await runCli(['member', 'create', '--email', 'dup@example.com', '--name', 'Second']);
    expect(code).toBe(1);
    expect(errors.join('\n')).toContain('A member with the email dup@example.com already exists.');
    const rows = await t.ctx.db.query<{ full_name: string }>(
      "SELECT full_name FROM accounts WHERE email = 'dup@example.com'",
    );
    expect(rows.map((r) => r.full_name)).toEqual(['First']);
  });

  it('member create: missing --name exits non-zero and says what is needed', async () => {
    capture();
    expect(await runCli(['member', 'create', '--email', 'x@example.com'])).toBe(1);
    expect(errors.join('\n')).toContain('member create needs --email and --name.');
  });

  it('member create: a weak password is refused with the §5 message', async () => {
    capture();
    expect(
      await runCli([
        'member',
        'create',
        '--email',
        'weak@example.com',
        '--name',
        'W',
        '--password',
        'password',
      ]),
    ).toBe(1);
    expect(errors.join('\n')).toContain("The password you entered doesn't meet the requirements");
  });

  it('demo: seeds the demo member once and prints how to sign in', async () => {
    capture();
    expect(await runCli(['demo'])).toBe(0);
    expect(output.join('\n')).toMatch(/Demo data created\. Sign in at .*\/signin as demo@example\.com/);
    expect(await runCli(['demo'])).toBe(0);
    expect(output.join('\n')).toMatch(/Demo data already present/);
  });

  it('an unknown command prints the usage and exits 2', async () => {
    capture();
    expect(await runCli(['frobnicate'])).toBe(2);
    expect(errors.join('\n')).toMatch(/Unknown command: frobnicate[\s\S]*member create --email E --name N/);
  });

  it('no server answering: a clear message naming the URL', async () => {
    capture();
    vi.stubEnv('LOYALTY_URL', 'http://127.0.0.1:9');
    expect(await runCli(['demo'])).toBe(1);
    expect(errors.join('\n')).toContain('No loyalty server answers at http://127.0.0.1:9');
    await serveForCli(t);
  });

  it('the partner API refuses a wrong key', async () => {
    const res = await t.client().request(
      'POST',
      '/partner/v1/members',
      { email: 'k@example.com', name: 'K' },
      {
        authorization: 'Bearer wrong',
      },
    );
    expect(res.status).toBe(401);
  });

  it('with no LOYALTY_URL it calls the server on PORT, as started with a custom PORT', async () => {
    capture();
    const url = new URL(await serveForCli(t));
    vi.stubEnv('LOYALTY_URL', '');
    vi.stubEnv('PORT', url.port);
    try {
      expect(await runCli(['mail', 'status']), errors.join('\n')).toBe(0);
      expect(output.join('\n')).toMatch(/^Outbox: /);
    } finally {
      vi.stubEnv('LOYALTY_URL', url.origin);
      vi.stubEnv('PORT', '');
    }
  });

  it('bad arguments get the CLI’s own words, not the argument parser’s', async () => {
    capture();
    const args = ['adjust', '--member', 'a@example.com', '--points', '-10', '--reason', 'x'];
    expect(await runCli(args)).toBe(1);
    expect(errors.join('\n')).toBe(
      'Error: Write --points=-10 (with =): a value that starts with a dash is read as an option.',
    );
    capture();
    expect(await runCli(['mail', 'retry', '--verbose'])).toBe(1);
    expect(errors.join('\n')).toBe('Error: Unknown option --verbose; this command takes --id.');
    capture();
    expect(await runCli(['mail', 'retry', '--id'])).toBe(1);
    expect(errors.join('\n')).toBe('Error: --id needs a value: --id ID.');
  });
});
