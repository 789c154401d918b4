import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePartnerApiKey } from '../partner/operator-key.ts';
import { parseEnvironment } from './environment.ts';
import { loadSettings as loadFromEnvironment } from './load-config.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fail-closed-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function loadSettings(env: Record<string, string>) {
  return loadFromEnvironment(parseEnvironment(env));
}

function configFile(config: unknown): string {
  const path = join(tempDir(), 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** What start-up says (the thrown message), or '' when it starts. */
function refusal(load: () => unknown): string {
  try {
    load();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const production = () => ({
  NODE_ENV: 'production',
  LOYALTY_CONFIG: configFile({ publicOrigin: 'https://members.example.com' }),
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
});

describe('keys: PARTNER_API_KEY and METRICS_KEY are long enough to be unguessable, in every mode', () => {
  it.each([
    ['PARTNER_API_KEY', 'x'],
    ['PARTNER_API_KEY', 'short-key-31-characters-long-abc'.slice(0, 31)],
    ['METRICS_KEY', 'm'],
    ['METRICS_KEY', 'password1'],
  ])('%s of %j is refused at start-up, naming the key and never echoing it', (name, value) => {
    for (const env of [production(), {}]) {
      const message = refusal(() => loadSettings({ ...env, [name]: value }));
      expect(message).toContain(name);
      expect(message).toContain('at least 32 characters');
      expect(message).not.toContain(value);
    }
  });

  it('both short keys are named in one message', () => {
    const message = refusal(() => loadSettings({ ...production(), PARTNER_API_KEY: 'a', METRICS_KEY: 'b' }));
    expect(message).toMatch(/PARTNER_API_KEY[\s\S]*METRICS_KEY/);
  });

  it('32 characters and more start; so does the key development generates, and unset keys', async () => {
    const key = 'k'.repeat(32);
    expect(loadSettings({ ...production(), PARTNER_API_KEY: key, METRICS_KEY: key })).toMatchObject({
      partnerApiKey: key,
      metricsKey: key,
    });
    const generated = await resolvePartnerApiKey({
      configured: undefined,
      production: false,
      dataDir: tempDir(),
    });
    expect(loadSettings({ PARTNER_API_KEY: generated ?? '' }).partnerApiKey).toBe(generated);
    expect(loadSettings(production())).toMatchObject({ partnerApiKey: undefined, metricsKey: undefined });
  });
});

describe('trustedProxies: a range that holds every client is refused at start-up, naming the key', () => {
  it.each([
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/0',
    '0.0.0.0/1',
    '128.0.0.0/7',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/100',
    '::/64',
    '::/8',
    '2000::/3',
  ])('%s', (range) => {
    const message = refusal(() =>
      loadSettings({ LOYALTY_CONFIG: configFile({ trustedProxies: ['10.0.0.1', range] }) }),
    );
    expect(message).toContain('trustedProxies');
    expect(message).toContain(range);
    expect(message).not.toMatch(/^\s+at /m);
  });

  it('an entry that is not an address or a range is refused naming the key', () => {
    for (const entry of ['*', 'loopback', '10.0.0.0/33', 'proxy.example.com', 5]) {
      const message = refusal(() =>
        loadSettings({ LOYALTY_CONFIG: configFile({ trustedProxies: [entry] }) }),
      );
      expect(message).toContain('trustedProxies');
      expect(message).toContain('an IP address or CIDR range');
    }
  });

  it('addresses and ranges up to a /8 are accepted, in both families', () => {
    const ranges = [
      '10.0.0.0/8',
      '192.0.2.10',
      '10.0.0.0/16',
      'fd00::/8',
      '2001:db8::/32',
      '::ffff:10.0.0.0/104',
      '::1',
    ];
    expect(
      loadSettings({ LOYALTY_CONFIG: configFile({ trustedProxies: ranges }) }).config.trustedProxies,
    ).toEqual(ranges);
  });
});
