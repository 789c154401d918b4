import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

const foreign = { origin: 'https://evil.example' };

/** Ways to spell a path that a router may still send to the route (or that must at least change nothing). */
function spellings(path: string): string[] {
  const [, first, rest] = /^\/([^/]+)\/(.+)$/.exec(path) ?? [];
  const encodedFirst = `/%${first?.charCodeAt(0).toString(16)}${first?.slice(1)}/${rest}`;
  const encodedRest = `/${first}/%${rest?.charCodeAt(0).toString(16)}${rest?.slice(1)}`;
  return [
    path,
    encodedFirst,
    encodedFirst.toUpperCase().replace(/^\/%([0-9A-F]{2})/, '/%$1'),
    encodedRest,
    `${path}/`,
    `${encodedFirst}/`,
    `/${path}`,
    `${path.replace('/', '//')}`,
    path.replace(/\/([^/]+)$/, '//$1'),
    path.toUpperCase(),
    `${path};x=1`,
    `${encodedFirst};x=1`,
    `${path}?x=1`,
    `${encodedFirst}?x=1`,
    `/./${path.slice(1)}`,
    `/x/..${path}`,
    `${path}%2f`,
  ];
}

async function tryEverySpelling(
  client: TestClient,
  path: string,
  body: unknown,
): Promise<{ url: string; status: number }[]> {
  const answers: { url: string; status: number }[] = [];
  for (const url of spellings(path)) {
    answers.push({ url, status: (await client.post(url, body, foreign)).status });
    answers.push({ url, status: (await client.post(url, body, { origin: '' })).status });
  }
  return answers;
}

/** Every answer refused: none was a success (2xx), none a server error. */
function expectAllRefused(answers: { url: string; status: number }[]) {
  const accepted = answers.filter((answer) => answer.status < 400 || answer.status >= 500);
  expect(accepted).toEqual([]);
}

describe('same-origin rule: applies by the route a request reaches, whatever the spelling of its path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('same-origin: a foreign-origin update-account under any spelling of the path changes no consent', async () => {
    const { client, email } = await t.signedInMember();
    const answers = await tryEverySpelling(client, '/api/update-account', {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'consent',
    });
    expectAllRefused(answers);
    expect(answers.find((a) => a.url === '/%61pi/update-account')?.status).toBe(403);
    const consents = await t.ctx.db.query(
      'SELECT 1 FROM marketing_consents c JOIN accounts a ON a.id = c.account_id WHERE a.email = $1',
      [email],
    );
    expect(consents).toEqual([]);
  });

  it('same-origin: a foreign-origin logout under any spelling of the path leaves the member signed in', async () => {
    const { client } = await t.signedInMember();
    expectAllRefused(await tryEverySpelling(client, '/api/logout', {}));
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account).toBeTruthy();
  });

  it('same-origin: a foreign-origin verification resend under any spelling of the path sends nothing', async () => {
    const { client, email } = await t.signedInMember();
    await t.ctx.db.query('UPDATE accounts SET email_verified = false WHERE email = $1', [email]);
    const before = t.mails.filter((mail) => mail.to === email).length;
    expectAllRefused(await tryEverySpelling(client, '/api/request-verification-resend', {}));
    expect(t.mails.filter((mail) => mail.to === email).length).toBe(before);
    // Our own origin still works on the canonical path, so the rule refused the spelling, not the member.
    expect((await client.post('/api/request-verification-resend', {})).status).toBe(200);
  });

  it('same-origin: a foreign-origin Nike link start under any spelling of the path starts no link', async () => {
    const { client } = await t.signedInMember();
    expectAllRefused(await tryEverySpelling(client, '/api/link-with-nike', {}));
    const attempts = await t.ctx.db.query('SELECT 1 FROM nike_link_attempts');
    expect(attempts).toEqual([]);
  });

  it('same-origin: a form post (not JSON) from our own origin to a spelled path is refused too', async () => {
    const { client } = await t.signedInMember();
    const res = await client.post('/%61pi/logout', 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account).toBeTruthy();
  });

  it('same-origin: other state-changing methods and paths that reach no route change nothing', async () => {
    const { client } = await t.signedInMember();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/%61pi/logout', '/api/logout', '/help/account', '/%61pi/nothing-here']) {
        const res = await client.request(method, url, {}, foreign);
        expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
      }
    }
    const viewer = viewerResponseSchema.parse((await client.get('/api-w/viewer')).body);
    expect(viewer.account).toBeTruthy();
  });

  it('same-origin: the partner API (bearer key) and our own origin still work under the rule', async () => {
    const created = await t.partner('POST', '/members', { email: 'partner-made@example.com', name: 'P M' });
    expect(created.status).toBe(201);
    const { client } = await t.signedInMember();
    expect((await client.post('/api/logout', {})).status).toBe(200);
  });
});
