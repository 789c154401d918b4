import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { storeImage } from '../images/image-service.ts';

let t: TestApp;
let dir: string;

/** The real server renderer from source, around the project's page template (as web-host.api.test.ts). */
function sourceWebBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'loyalty-guides-'));
  mkdirSync(join(dir, 'web'));
  mkdirSync(join(dir, 'server'));
  const template = readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url)), 'utf8');
  writeFileSync(join(dir, 'web', 'index.html'), template);
  const renderer = new URL('../../web/entry-server.tsx', import.meta.url).href;
  writeFileSync(join(dir, 'server', 'entry-server.js'), `export { ready, render } from '${renderer}';\n`);
  return join(dir, 'web');
}

beforeAll(async () => {
  t = await createTestApp({ webDist: sourceWebBuild() });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function guide(title: string, published: boolean): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#806040' } })
    .jpeg()
    .toBuffer();
  const cover = await storeImage(t.ctx.db, jpeg, null, null);
  const [row] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO style_guides (title, body, cover_image_id, publish_at)
     VALUES ($1, $2, $3, now() + ($4 || ' hours')::interval) RETURNING id`,
    [
      JSON.stringify({ 'en-GB': title, 'da-DK': title }),
      JSON.stringify({
        'en-GB':
          '## Knitwear first\n\n<script>alert(1)</script> See [the coat](https://shop.example.com/coat).',
        'da-DK': 'Strik først.',
      }),
      cover.id,
      published ? '-1' : '24',
    ],
  );
  return row?.id as string;
}

describe('style guides pages are rendered whole on the server', () => {
  it("a member's guide page holds its words, cover and safe links in the HTML, before any script", async () => {
    const id = await guide('Server-rendered guide', true);
    const m = await t.signedInMember();
    const res = await m.client.get<string>(`/style-guides/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Server-rendered guide</h1>');
    expect(res.body).toContain('<h2>Knitwear first</h2>');
    expect(res.body).toContain('href="https://shop.example.com/coat" rel="noopener noreferrer"');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toMatch(/<img[^>]+srcSet="\/api\/images\/[^"]+"[^>]+width="640"/i);
    const list = await m.client.get<string>('/style-guides');
    expect(list.body).toContain('Server-rendered guide');
  });

  it('a guide not yet published is not in the page, nor in the list', async () => {
    const id = await guide('Secret future guide', false);
    const m = await t.signedInMember();
    const page = await m.client.get<string>(`/style-guides/${id}`);
    expect(page.body).not.toContain('Secret future guide');
    expect((await m.client.get<string>('/style-guides')).body).not.toContain('Secret future guide');
  });

  it('signed out, a guide answers 302 to sign in with the guide as next', async () => {
    const id = await guide('Signed-out guide', true);
    const res = await t.client().get<string>(`/style-guides/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/signin?next=${encodeURIComponent(`/style-guides/${id}`)}`);
  });
});
