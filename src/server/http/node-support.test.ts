import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

/**
 * Node 20 is supported (docs/decisions/0035-supported-node-20-19-and-22.md): cookie@2 and content-disposition@3
 * declare Node 22, but they are plain ES modules that the CommonJS Fastify plugins load with
 * require(), which Node runs without a flag from 20.19. These exercise both on this Node.
 */
describe('the dependencies that declare Node 22 work on the supported Node', () => {
  it('this Node is within package.json engines', () => {
    const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string;
    expect(engines).toBe('^20.19.0 || >=22.12.0');
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect((major === 20 && minor >= 19) || major > 22 || (major === 22 && minor >= 12)).toBe(true);
  });

  it('cookie@2, through @fastify/cookie and light-my-request: a cookie set is read back', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.get('/set', (_request, reply) =>
      reply.setCookie('session', 'a b;c', { httpOnly: true, path: '/' }).send(),
    );
    app.get('/read', (request) => ({ session: request.cookies.session }));
    const set = await app.inject('/set');
    expect(set.cookies).toEqual([
      expect.objectContaining({ name: 'session', value: 'a b;c', httpOnly: true }),
    ]);
    const read = await app.inject({ url: '/read', cookies: { session: 'a b;c' } });
    expect(read.json()).toEqual({ session: 'a b;c' });
    await app.close();
  });

  it('content-disposition@3, through @fastify/static: a download names its file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'node-support-'));
    writeFileSync(join(root, 'card.txt'), 'card');
    const app = Fastify();
    await app.register(fastifyStatic, { root, serve: false });
    app.get('/download', (_request, reply) => reply.download('card.txt', 'Medlemskort æøå.txt'));
    const res = await app.inject('/download');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Medlemskort ???.txt"; filename*=UTF-8''Medlemskort%20%C3%A6%C3%B8%C3%A5.txt`,
    );
    expect(res.body).toBe('card');
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
});
