import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvironment } from './environment.ts';
import { loadSettings as loadFromEnvironment } from './load-config.ts';

/** The settings a process with this environment starts with. */
function loadSettings(env: Record<string, string>) {
  return loadFromEnvironment(parseEnvironment(env));
}

function configFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cfg-')), 'config.json');
  writeFileSync(path, content);
  return path;
}

describe('loading settings (LOYALTY_CONFIG, PORT, DATA_DIR)', () => {
  it('reads the JSON file named in LOYALTY_CONFIG and the environment', () => {
    const settings = loadSettings({
      LOYALTY_CONFIG: configFile('{"enablePointsExchange": true}'),
      PORT: '4321',
      DATA_DIR: '/tmp/x',
    });
    expect(settings.config.enablePointsExchange).toBe(true);
    expect(settings.port).toBe(4321);
    expect(settings.dataDir).toBe('/tmp/x');
    expect(settings.origin).toBe('http://localhost:4321');
  });

  it('defaults: port 3000, ./data, localhost origin, listening on loopback only', () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.dataDir).toBe('./data');
    expect(settings.origin).toBe('http://localhost:3000');
    expect(settings.host).toBe('127.0.0.1');
    expect(loadSettings({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('an invalid value in the file stops start-up naming the key', () => {
    expect(() => loadSettings({ LOYALTY_CONFIG: configFile('{"locale": 5}') })).toThrow(/locale/);
  });

  it('a file that is not JSON stops start-up naming the file', () => {
    const path = configFile('{nope');
    expect(() => loadSettings({ LOYALTY_CONFIG: path })).toThrow(path);
  });

  it('publicOrigin decides the origin', () => {
    const settings = loadSettings({
      LOYALTY_CONFIG: configFile('{"publicOrigin": "https://members.example.com"}'),
    });
    expect(settings.origin).toBe('https://members.example.com');
  });
});

describe('production refuses to start unsafe', () => {
  const safe = () => ({
    NODE_ENV: 'production',
    LOYALTY_CONFIG: configFile('{"publicOrigin": "https://members.example.com"}'),
    SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  });

  it('production: starts with an https publicOrigin and SMTP_URL, listening on every interface by default', () => {
    const settings = loadSettings(safe());
    expect(settings.production).toBe(true);
    expect(settings.origin).toBe('https://members.example.com');
    expect(settings.host).toBe('0.0.0.0');
  });

  it('production: without publicOrigin it refuses, naming publicOrigin', () => {
    expect(() => loadSettings({ ...safe(), LOYALTY_CONFIG: configFile('{}') })).toThrow(/publicOrigin/);
    expect(() => loadSettings({ NODE_ENV: 'production', SMTP_URL: 'smtp://x.example' })).toThrow(
      /publicOrigin/,
    );
  });

  it('production: an http publicOrigin is refused, naming publicOrigin', () => {
    expect(() =>
      loadSettings({
        ...safe(),
        LOYALTY_CONFIG: configFile('{"publicOrigin": "http://members.example.com"}'),
      }),
    ).toThrow(/publicOrigin must be an https origin/);
  });

  it('production: without SMTP_URL it refuses, naming SMTP_URL', () => {
    expect(() => loadSettings({ ...safe(), SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('production: both missing are named in one message', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(/publicOrigin[\s\S]*SMTP_URL/);
  });

  it('SMTP_URL that is not an smtp URL stops start-up without echoing it (it holds a password)', () => {
    for (const value of ['not a url with s3cret', 'https://user:s3cret@mail.example.com']) {
      let message = '';
      try {
        loadSettings({ SMTP_URL: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/SMTP_URL/);
      expect(message).not.toContain('s3cret');
    }
  });
});

describe('environment variables (one schema, src/server/config/environment.ts)', () => {
  it('an empty variable counts as unset; an invalid PORT or LOG_LEVEL stops start-up naming it', () => {
    expect(loadSettings({ PORT: '', DATA_DIR: '', HOST: '' })).toMatchObject({
      port: 3000,
      dataDir: './data',
      host: '127.0.0.1',
    });
    expect(() => loadSettings({ PORT: '70000' })).toThrow('Invalid PORT: 70000');
    expect(() => loadSettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('secrets from the environment fill what the configuration file leaves out, never override it', () => {
    const secrets = { APPLE_PASS_KEY_PASSPHRASE: 'from-env', NIKE_CLIENT_SECRET: 'env-secret' };
    const fromEnv = loadSettings(secrets).config;
    expect(fromEnv.wallet.apple.signerKeyPassphrase).toBe('from-env');
    expect(fromEnv.nikeLink.clientSecret).toBe('env-secret');
    const file = configFile(
      '{"wallet": {"apple": {"signerKeyPassphrase": "from-file"}}, "nikeLink": {"clientSecret": "file-secret"}}',
    );
    const fromFile = loadSettings({ ...secrets, LOYALTY_CONFIG: file }).config;
    expect(fromFile.wallet.apple.signerKeyPassphrase).toBe('from-file');
    expect(fromFile.nikeLink.clientSecret).toBe('file-secret');
  });
});
