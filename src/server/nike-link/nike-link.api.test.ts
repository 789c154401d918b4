import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeLinkWithNikeEndpoint, linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { throughProvider } from '#tests/support/oidc-browser.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { startDevProvider } from './dev-provider.ts';
import { nikeMessages } from './nike-link-service.ts';

const redirectUri = 'http://localhost:3000/complete-link-with-nike';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Starts a link and walks the provider's sign-in and consent screens, as the member's browser would. */
async function authorise(member: TestClient, options: { consent?: 'allow' | 'deny'; login?: string } = {}) {
  const started = await member.post('/api/link-with-nike', {});
  expect(started.status).toBe(200);
  const body = linkWithNikeEndpoint.response.parse(started.body);
  expect(body.success).toBe(true);
  const link = new URL(String(body.link));
  expect(link.searchParams.get('code_challenge_method')).toBe('S256');
  expect(link.searchParams.get('code_challenge')).toBeTruthy();
  expect(link.searchParams.get('redirect_uri')).toBe(redirectUri);
  const login = options.login ?? `athlete-${randomUUID()}`;
  const callback = await throughProvider(link.href, { redirectUri, login, consent: options.consent });
  expect(callback.pathname).toBe('/complete-link-with-nike');
  return { login, query: callback.search.slice(1), params: callback.searchParams };
}

async function links() {
  return t.ctx.db.query<{ account_id: string; provider_subject: string; grant_token: string | null }>(
    'SELECT account_id, provider_subject, grant_token FROM nike_links ORDER BY account_id',
  );
}

async function attempts() {
  return (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM nike_link_attempts'))[0]?.n;
}

async function accountId(member: TestClient) {
  return String(viewerResponseSchema.parse((await member.get('/api-w/viewer')).body).account?.id);
}

/** Whether the provider still honours a token (its RFC 7662 introspection, asked as the app's client). */
async function activeAtProvider(token: string) {
  const configuration = await t.ctx.nike.configuration?.();
  if (!configuration) throw new Error('no provider');
  return (await client.tokenIntrospection(configuration, token)).active;
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
    expect((await t.client().post('/api/unlink-nike', {})).status).toBe(401);
  });

  it('link: through the real provider’s sign-in and consent, the callback (with RFC 9207 iss) links the provider’s subject id', async () => {
    const member = await t.signedInMember();
    const before = viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body);
    expect(before.account?.nikeLinked).toBe(false);
    const { login, query, params } = await authorise(member.client);
    const configuration = await t.ctx.nike.configuration?.();
    expect(configuration?.serverMetadata().authorization_response_iss_parameter_supported).toBe(true);
    expect(params.get('iss')).toBe(configuration?.serverMetadata().issuer);
    const res = await member.client.post('/api/complete-link-with-nike', { query });
    expect(res.status).toBe(200);
    expect(completeLinkWithNikeEndpoint.response.parse(res.body)).toEqual({
      success: true,
      message: nikeMessages.linked,
    });
    const after = viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body);
    expect(after.account?.nikeLinked).toBe(true);
    const row = (await links()).find((r) => r.account_id === after.account?.id);
    expect(row?.provider_subject).toBe(login);
    expect(row?.grant_token).toBeTruthy();
  });

  it('link: a callback whose iss is not the provider’s is refused, spends nothing, and the genuine one then links', async () => {
    const member = await t.signedInMember();
    const { query, params } = await authorise(member.client);
    const before = await links();
    const attemptsBefore = await attempts();
    const forged = new URLSearchParams(params);
    forged.set('iss', 'https://attacker.example');
    const wrong = await member.client.post('/api/complete-link-with-nike', { query: forged.toString() });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      success: false,
      error: 'ProviderError',
      message: nikeMessages.providerError,
    });
    const missing = new URLSearchParams(params);
    missing.delete('iss');
    const without = await member.client.post('/api/complete-link-with-nike', { query: missing.toString() });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ error: 'ProviderError' });
    // The spec's named fields alone carry no iss: refused the same way by a provider that sends one.
    const named = await member.client.post('/api/complete-link-with-nike', {
      code: params.get('code'),
      state: params.get('state'),
    });
    expect(named.status).toBe(400);
    expect(await links()).toEqual(before);
    expect(await attempts()).toBe(attemptsBefore);
    const genuine = await member.client.post('/api/complete-link-with-nike', { query });
    expect(genuine.status).toBe(200);
  });

  it('link: a callback without a code is refused and leaves the attempt for the real answer', async () => {
    const member = await t.signedInMember();
    const { query, params } = await authorise(member.client);
    const before = await links();
    const noCode = new URLSearchParams(params);
    noCode.delete('code');
    const res = await member.client.post('/api/complete-link-with-nike', { query: noCode.toString() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'ProviderError' });
    const twice = new URLSearchParams(params);
    twice.append('state', 'another-state');
    const duplicated = await member.client.post('/api/complete-link-with-nike', { query: twice.toString() });
    expect(duplicated.status).toBe(400);
    expect(await links()).toEqual(before);
    expect((await member.client.post('/api/complete-link-with-nike', { query })).status).toBe(200);
  });

  it('link: a replayed callback (same code and state) is refused and the link stays as it was', async () => {
    const member = await t.signedInMember();
    const { query } = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', { query })).status).toBe(200);
    const linked = await links();
    const replay = await member.client.post('/api/complete-link-with-nike', { query });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      success: false,
      error: 'StaleAttempt',
      message: nikeMessages.staleAttempt,
    });
    expect(await links()).toEqual(linked);
  });

  it('link: the same code with a fresh state is refused too', async () => {
    const member = await t.signedInMember();
    const first = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', { query: first.query })).status).toBe(
      200,
    );
    const second = await authorise(member.client);
    const mixed = new URLSearchParams(second.params);
    mixed.set('code', String(first.params.get('code')));
    const linked = await links();
    const res = await member.client.post('/api/complete-link-with-nike', { query: mixed.toString() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'StaleAttempt' });
    expect(await links()).toEqual(linked);
  });

  it('link: a state that does not belong to this session is refused, and links nothing', async () => {
    const victim = await t.signedInMember();
    const attacker = await t.signedInMember();
    const { query, params } = await authorise(attacker.client);
    const before = await links();
    const res = await victim.client.post('/api/complete-link-with-nike', { query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: nikeMessages.staleAttempt });
    const madeUp = new URLSearchParams(params);
    madeUp.set('state', 'made-up-state');
    const missing = await victim.client.post('/api/complete-link-with-nike', { query: madeUp.toString() });
    expect(missing.status).toBe(400);
    expect(await links()).toEqual(before);
  });

  it('link: an expired attempt is refused', async () => {
    const member = await t.signedInMember();
    const { query } = await authorise(member.client);
    await t.ctx.db.query(`UPDATE nike_link_attempts SET expires_at = now() - interval '1 second'`);
    const res = await member.client.post('/api/complete-link-with-nike', { query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: nikeMessages.staleAttempt });
  });

  it('link: the member cancels at the provider’s consent screen: declined, nothing linked', async () => {
    const member = await t.signedInMember();
    const { query, params } = await authorise(member.client, { consent: 'deny' });
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('code')).toBeNull();
    const before = await links();
    const res = await member.client.post('/api/complete-link-with-nike', { query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'LinkDeclined', message: nikeMessages.declined });
    expect(JSON.stringify(res.body)).not.toContain('End-User aborted');
    expect(await links()).toEqual(before);
  });

  it('link: a provider error sent as the spec’s named fields answers a message and links nothing', async () => {
    const member = await t.signedInMember();
    const res = await member.client.post('/api/complete-link-with-nike', {
      error: 'access_denied',
      errorDescription: '<b>injected</b>',
      state: 'whatever',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: nikeMessages.declined });
    expect(JSON.stringify(res.body)).not.toContain('injected');
  });

  /** A member linked through the provider, with their account id and the grant's token (active). */
  async function linkedMember() {
    const member = await t.signedInMember();
    const id = await accountId(member.client);
    const { query } = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', { query })).status).toBe(200);
    const token = String((await links()).find((r) => r.account_id === id)?.grant_token);
    expect(await activeAtProvider(token)).toBe(true);
    return { member, id, token };
  }

  it('unlink: the link goes, the provider revokes the grant (RFC 7009), and the member can link again', async () => {
    const { member, id, token } = await linkedMember();
    const res = await member.client.post('/api/unlink-nike', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: nikeMessages.unlinked });
    expect((await links()).some((r) => r.account_id === id)).toBe(false);
    expect(
      viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body).account?.nikeLinked,
    ).toBe(false);
    expect(await activeAtProvider(token)).toBe(false);
    // Unlinking again asks nothing of anyone and answers the same.
    expect((await member.client.post('/api/unlink-nike', {})).status).toBe(200);
    const again = await authorise(member.client);
    expect((await member.client.post('/api/complete-link-with-nike', { query: again.query })).status).toBe(
      200,
    );
  });

  it('deletion by staff (partner API) revokes the sportswear grant at the provider too', async () => {
    const { member, token } = await linkedMember();
    const deleted = await t.partner('POST', '/members/delete', { member: member.loyaltyId });
    expect(deleted.status).toBe(200);
    expect(await activeAtProvider(token)).toBe(false);
  });

  it('deletion: deleting the account revokes the sportswear grant at the provider', async () => {
    const { member, id, token } = await linkedMember();
    const deleted = await member.client.post('/api/delete-account', { username: member.email });
    expect(deleted.status).toBe(200);
    expect((await links()).some((r) => r.account_id === id)).toBe(false);
    expect(await activeAtProvider(token)).toBe(false);
  });
});

describe('Nike link asking for offline access (OpenID Connect Core §11)', () => {
  it('link: with offline_access the provider is asked for consent (prompt=consent), issues a refresh token, and unlinking revokes it', async () => {
    const offline = await createTestApp({ config: { nikeLink: { scopes: 'openid offline_access' } } });
    try {
      const member = await offline.signedInMember();
      const started = linkWithNikeEndpoint.response.parse(
        (await member.client.post('/api/link-with-nike', {})).body,
      );
      const link = new URL(String(started.link));
      expect(link.searchParams.get('scope')).toBe('openid offline_access');
      expect(link.searchParams.get('prompt')).toBe('consent');
      const callback = await throughProvider(link.href, { redirectUri, login: `athlete-${randomUUID()}` });
      const linked = await member.client.post('/api/complete-link-with-nike', {
        query: callback.search.slice(1),
      });
      expect(linked.status).toBe(200);
      const [row] = await offline.ctx.db.query<{ grant_token: string; grant_token_type: string }>(
        'SELECT grant_token, grant_token_type FROM nike_links',
      );
      // The grant the link keeps is the provider's refresh token (what docs/operating.md promises).
      expect(row?.grant_token_type).toBe('refresh_token');
      const configuration = await offline.ctx.nike.configuration?.();
      if (!configuration) throw new Error('no provider');
      const introspected = await client.tokenIntrospection(configuration, String(row?.grant_token));
      expect(introspected.active).toBe(true);
      expect(introspected.scope?.split(' ')).toContain('offline_access');
      expect((await member.client.post('/api/unlink-nike', {})).status).toBe(200);
      expect((await client.tokenIntrospection(configuration, String(row?.grant_token))).active).toBe(false);
    } finally {
      await offline.close();
    }
  });

  it('link: with the default scope (openid) no consent is forced', async () => {
    const member = await t.signedInMember();
    const started = linkWithNikeEndpoint.response.parse(
      (await member.client.post('/api/link-with-nike', {})).body,
    );
    const link = new URL(String(started.link));
    expect(link.searchParams.get('scope')).toBe('openid');
    expect(link.searchParams.get('prompt')).toBeNull();
  });
});

describe('Nike link when the provider cannot be reached', () => {
  it('unlink: the link goes here even when the provider is down (revocation is logged, not retried)', async () => {
    const provider = await startDevProvider({
      redirectUris: [redirectUri],
      clientId: 'members-web',
      clientAuthMethod: 'client_secret_basic',
      clientSecret: 'down-later',
    });
    const app = await createTestApp({
      config: { nikeLink: { issuer: provider.issuer, clientSecret: 'down-later' } },
    });
    try {
      const member = await app.signedInMember();
      const started = linkWithNikeEndpoint.response.parse(
        (await member.client.post('/api/link-with-nike', {})).body,
      );
      const callback = await throughProvider(String(started.link), {
        redirectUri,
        login: `athlete-${randomUUID()}`,
      });
      const linked = await member.client.post('/api/complete-link-with-nike', {
        query: callback.search.slice(1),
      });
      expect(linked.status).toBe(200);
      await provider.stop();
      const res = await member.client.post('/api/unlink-nike', {});
      expect(res.status).toBe(200);
      const viewer = viewerResponseSchema.parse((await member.client.get('/api-w/viewer')).body);
      expect(viewer.account?.nikeLinked).toBe(false);
    } finally {
      await app.close();
      await provider.stop();
    }
  });
});
