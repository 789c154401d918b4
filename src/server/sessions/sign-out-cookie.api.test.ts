import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * The browser's sign-out cookie (shared/domain/sign-out.ts): the page clears the account at once and
 * sets it, and any request that carries it ends the session it came with before answering, then
 * removes it. A reload while the logout call is on its way, or the next visit after a call that never
 * arrived, is then a signed-out visitor's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `client`'s request with the sign-out cookie beside its session cookie, as the browser sends it. */
function withSignOutCookie(client: TestClient, method: 'GET' | 'POST', url: string, body?: unknown) {
  return client.request<Record<string, unknown>>(method, url, body, {
    cookie: `session=${client.sessionCookie()}; signed-out=1`,
  });
}

const signedIn = async (client: TestClient) =>
  !viewerResponseSchema.parse((await client.get('/api-w/viewer')).body).isAnonymous;

/** The Set-Cookie lines of an answer. */
const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String);

describe('the sign-out cookie', () => {
  it('ends the session on a page load, which is served signed out, and removes itself', async () => {
    const { client } = await t.signedInMember({ name: 'Reload Quickly' });
    const token = client.sessionCookie();
    const page = await withSignOutCookie(client, 'GET', '/');
    expect(page.status).toBe(200);
    expect(String(page.body)).not.toContain('Reload Quickly');
    const cookies = setCookies(page.headers);
    expect(cookies.some((line) => /^signed-out=;/.test(line))).toBe(true);
    expect(cookies.some((line) => /^session=;/.test(line))).toBe(true);
    // The session is gone on the server, not only from this browser.
    const stolen = t.client();
    const again = await stolen.get('/api-w/viewer', { cookie: `session=${token}` });
    expect(viewerResponseSchema.parse(again.body).isAnonymous).toBe(true);
  });

  it('ends the session on the viewer call and on an API call alike', async () => {
    const first = await t.signedInMember();
    const viewer = await withSignOutCookie(first.client, 'GET', '/api-w/viewer');
    expect(viewerResponseSchema.parse(viewer.body).isAnonymous).toBe(true);
    expect(await signedIn(first.client)).toBe(false);

    const second = await t.signedInMember();
    const sessions = await withSignOutCookie(second.client, 'GET', '/api/sessions');
    expect(sessions.status).toBe(401);
    expect(await signedIn(second.client)).toBe(false);
  });

  it('the logout call that carries it answers as usual', async () => {
    const { client } = await t.signedInMember();
    const logout = await withSignOutCookie(client, 'POST', '/api/logout', {});
    expect(logout.status).toBe(200);
    expect(await signedIn(client)).toBe(false);
  });

  it('a sign-in that carries it ends the old session and starts the new one', async () => {
    const member = await t.signedInMember();
    const old = member.client.sessionCookie();
    const login = await withSignOutCookie(member.client, 'POST', '/api/login', {
      username: member.email,
      password: member.password,
    });
    expect(login.status).toBe(200);
    expect(member.client.sessionCookie()).not.toBe(old);
    expect(await signedIn(member.client)).toBe(true);
    const stale = await t.client().get('/api-w/viewer', { cookie: `session=${old}` });
    expect(viewerResponseSchema.parse(stale.body).isAnonymous).toBe(true);
  });

  it('without it, a session is untouched', async () => {
    const { client } = await t.signedInMember();
    expect(await signedIn(client)).toBe(true);
    expect(await signedIn(client)).toBe(true);
  });
});
