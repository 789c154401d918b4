import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let dir: string;
const script = `${'export const screen = "member card";\n'.repeat(200)}`;

/** A web build with one asset, precompressed by the build's own script. */
function webBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'loyalty-compress-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url))),
  );
  writeFileSync(join(dir, 'assets', 'screen-abc123.js'), script);
  execFileSync(process.execPath, [
    fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url)),
    dir,
  ]);
  return dir;
}

beforeAll(async () => {
  t = await createTestApp({ webDist: webBuild() });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...(cookie ? { cookie } : {}) },
  });

describe('compression: every answer goes compressed to a browser that takes it', () => {
  it('assets: the build precompressed them; brotli, else gzip, else as they are', async () => {
    const br = await get('/assets/screen-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/screen-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/screen-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('pages: the server-rendered HTML is compressed', async () => {
    const page = await get('/', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('id="boot"');
  });

  it('JSON: a member’s history answers compressed', async () => {
    const m = await t.signedInMember();
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const res = await t.partner('POST', '/purchases', {
        orderId: `compress-${Date.now()}-${n}`,
        loyaltyId: m.loyaltyId,
        channel: 'ecommerce',
        value: 2_500,
        currency: 'GBP',
        points: 250,
      });
      expect(res.status).toBe(201);
    }
    const cookie = `session=${m.client.sessionCookie()}`;
    const history = await get('/api/transactions', 'gzip, br', cookie);
    expect(history.statusCode).toBe(200);
    expect(history.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(history.rawPayload).toString());
    expect(JSON.stringify(body)).toContain('compress-');
  });
});
