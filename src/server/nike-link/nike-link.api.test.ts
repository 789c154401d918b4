import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeLinkWithNikeEndpoint, linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { nikeMessages } from './nike-link-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Starts a link and lets the (local) provider answer, as the browser would follow the redirects. */
async function authorise(client: TestClient) {
  const started = await client.post('/api/link-with-nike', {});
  expect(started.status).toBe(200);
  const body = linkWithNikeEndpoint.response.parse(started.body);
  expect(body.success).toBe(true);
  const link = new URL(String(body.link));
  expect(link.searchParams.get('code_challenge_method')).toBe('S256');
  expect(link.searchParams.get('code_challenge')).toBeTruthy();
  expect(link.searchParams.get('redirect_uri')).toBe('http://localhost:3000/complete-link-with-nike');
  const answer = await fetch(link, { redirect: 'manual' });
  const callback = new URL(String(answer.headers.get('location')));
  expect(callback.pathname).toBe('/complete-link-with-nike');
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
}

async function linkedSubjects() {
  return t.ctx.db.query<{ account_id: string; provider_subject: string }>(
    'SELECT account_id, provider_subject FROM nike_links',
  );
}

describe('Nike account link (SPEC §4 Nike link, §7 link-with-nike / complete-link-with-nike)', () => {
  it('link: signed out, starting a link answers LOGIN_REQUIRED', async () => {
    const res = await t.client().post('/api/link-with-nike', {});
    expect(res.status).toBe(401);
    expect(linkWithNikeEndpoint.response.parse(res.body)).toMatchObject({
      success: false,
      errorCode: 'LOGIN_REQUIRED',
    });
    const complete = await t.client().post('/api/complete-link-with-nike', { code: 'x', state: 'y' });
    expect(complete.status).toBe(401);
    expect(complete.body).toMatchObject({ errorCode: 'LOGIN_REQUIRED' });
  });

  it('link: the round trip through the local provider links the provider’s subject id, and the account says so', async () => {
    const member = await t.signedInMember();
    const before = viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body);
    expect(before.account?.nikeLinked).toBe(false);
    const { code, state } = await authorise(member.client);
    const res = await member.client.post('/api/complete-link-with-nike', { code, state, error: null });
    expect(res.status).toBe(200);
    expect(completeLinkWithNikeEndpoint.response.parse(res.body)).toEqual({
      success: true,
      message: nikeMessages.linked,
    });
    const after = viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body);
    expect(after.account?.nikeLinked).toBe(true);
    const row = (await linkedSubjects()).find((r) => r.account_id === after.account?.id);
    expect(row?.provider_subject).toMatch(/^dev-athlete-/);
    expect(row?.provider_subject).not.toContain('@');
  });

  it('link: a replayed callback (same code and state) is refused and the link stays as it was', async () => {
    const member = await t.signedInMember();
    const { code, state } = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', { code, state })).status).toBe(200);
    const linked = await linkedSubjects();
    const replay = await member.client.post('/api/complete-link-with-nike', { code, state });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ success: false, message: nikeMessages.staleAttempt });
    expect(await linkedSubjects()).toEqual(linked);
  });

  it('link: the same code with a fresh state is refused too', async () => {
    const member = await t.signedInMember();
    const first = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', first)).status).toBe(200);
    const second = await authorise(member.client);
    const res = await member.client.post('/api/complete-link-with-nike', {
      code: first.code,
      state: second.state,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'StaleAttempt' });
  });

  it('link: a state that does not belong to this session is refused, and links nothing', async () => {
    const victim = await t.signedInMember();
    const attacker = await t.signedInMember();
    const { code, state } = await authorise(attacker.client);
    const before = await linkedSubjects();
    const res = await victim.client.post('/api/complete-link-with-nike', { code, state });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: nikeMessages.staleAttempt });
    const missing = await victim.client.post('/api/complete-link-with-nike', {
      code,
      state: 'made-up-state',
    });
    expect(missing.status).toBe(400);
    expect(await linkedSubjects()).toEqual(before);
  });

  it('link: an expired attempt is refused', async () => {
    const member = await t.signedInMember();
    const { code, state } = await authorise(member.client);
    await t.ctx.db.query(`UPDATE nike_link_attempts SET expires_at = now() - interval '1 second'`);
    const res = await member.client.post('/api/complete-link-with-nike', { code, state });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: nikeMessages.staleAttempt });
  });

  it('link: a provider error (the member declined) answers a message and links nothing', async () => {
    const member = await t.signedInMember();
    const { state } = await authorise(member.client);
    const res = await member.client.post('/api/complete-link-with-nike', {
      error: 'access_denied',
      errorDescription: '<b>injected</b>',
      state,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: nikeMessages.declined });
    expect(JSON.stringify(res.body)).not.toContain('injected');
  });
});
