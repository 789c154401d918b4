import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './load-config.ts';

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

  it('defaults: port 3000, ./data, localhost origin', () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.dataDir).toBe('./data');
    expect(settings.origin).toBe('http://localhost:3000');
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
