import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Health and readiness (Operations); the api project runs this on PGlite and on PostgreSQL. */
let apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  apps = [];
});

async function app(): Promise<TestApp> {
  // The worker polls rarely, so a mail put in the outbox by the test stays undelivered. It also runs
  // one round as the server starts: that round is awaited here, or on a busy machine it could claim
  // and deliver the test's mail (it did once on PostgreSQL, and /readyz answered 200).
  const t = await createTestApp({ config: { mail: { pollSeconds: 3600 } } });
  apps.push(t);
  await t.ctx.outbox.drain();
  return t;
}

async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('GET /healthz and /readyz', () => {
  it('a healthy server: /healthz answers 200 and /readyz 200 with every check ok, neither cached', async () => {
    const t = await app();
    const alive = await get(t, '/healthz');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });
    expect(alive.headers['cache-control']).toBe('no-store');
    expect(alive.headers['set-cookie']).toBeUndefined();

    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      ready: true,
      checks: { database: 'ok', migrations: 'ok', outbox: 'ok' },
      failures: [],
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('a session cookie is not looked up: a made-up cookie still gets 200 and no cookie back', async () => {
    const t = await app();
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: { cookie: 'session=made-up' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a mail due for more than 15 minutes and not delivered makes /readyz 503 naming the outbox check', async () => {
    const t = await app();
    await t.ctx.db.query(
      `INSERT INTO outbox_mail (email, subject, html, body_text, next_attempt_at)
       VALUES ('stuck@example.com', 'Stuck', '<p>x</p>', 'x', now() - interval '20 minutes')`,
    );
    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not ready');
    expect(ready.body.checks).toEqual({ database: 'ok', migrations: 'ok', outbox: 'failed' });
    expect(ready.body.failures).toEqual([
      { check: 'outbox', detail: '1 mail(s) due for more than 15 minutes and not delivered' },
    ]);
    // Alive all the same: the process answers.
    expect((await get(t, '/healthz')).status).toBe(200);
  });

  it('a mail due for less than 15 minutes (a worker will take it) leaves /readyz 200', async () => {
    const t = await app();
    await t.ctx.db.query(
      `INSERT INTO outbox_mail (email, subject, html, body_text, next_attempt_at)
       VALUES ('soon@example.com', 'Soon', '<p>x</p>', 'x', now() - interval '1 minute')`,
    );
    expect((await get(t, '/readyz')).status).toBe(200);
  });

  it('a checked-in migration missing from schema_migrations makes /readyz 503 naming the migrations check', async () => {
    const t = await app();
    const [last] = await t.ctx.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    await t.ctx.db.query('DELETE FROM schema_migrations WHERE name = $1', [last?.name]);
    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toEqual({ database: 'ok', migrations: 'failed', outbox: 'ok' });
    expect(ready.body.failures).toEqual([{ check: 'migrations', detail: `not applied: ${last?.name}` }]);
  });
});
