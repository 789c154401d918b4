import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as credentials from '#shared/api/credentials.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as reauthentication from '#shared/api/reauthentication.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * The members' door answers an endpoint's feature switch before its session check: with passkeys or
 * emailed links switched off, a signed-out caller gets the same 404 as a signed-in one (the feature
 * is simply not there), never a 401 that would say it is. A bad body is still a 400 first.
 */
const credential = {
  id: 'abc',
  rawId: 'abc',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
};
const passkeyId = '00000000-0000-4000-8000-000000000000';

const switched: { endpoint: Endpoint; body: Record<string, unknown>; message: string }[] = [
  { endpoint: credentials.passkeysEndpoint, body: {}, message: 'Passkeys are not available.' },
  {
    endpoint: credentials.renamePasskeyEndpoint,
    body: { id: passkeyId, title: 'Phone' },
    message: 'Passkeys are not available.',
  },
  {
    endpoint: credentials.removePasskeyEndpoint,
    body: { id: passkeyId },
    message: 'Passkeys are not available.',
  },
  {
    endpoint: credentials.passkeyRegistrationOptionsEndpoint,
    body: {},
    message: 'Passkeys are not available.',
  },
  {
    endpoint: credentials.passkeyRegisterEndpoint,
    body: { response: credential },
    message: 'Passkeys are not available.',
  },
  {
    endpoint: reauthentication.reauthenticationPasskeyOptionsEndpoint,
    body: {},
    message: 'Passkeys are not available.',
  },
  {
    endpoint: reauthentication.reauthenticateWithPasskeyEndpoint,
    body: { response: credential },
    message: 'Passkeys are not available.',
  },
  {
    endpoint: reauthentication.requestReauthenticationLinkEndpoint,
    body: {},
    message: 'Confirming with an emailed link is not available.',
  },
  {
    endpoint: reauthentication.reauthenticateWithLinkEndpoint,
    body: { token: 'a-token' },
    message: 'Confirming with an emailed link is not available.',
  },
];

function call(client: TestClient, endpoint: Endpoint, body: Record<string, unknown>) {
  return endpoint.method === 'GET' ? client.get(endpoint.path) : client.post(endpoint.path, body);
}

describe('a feature switch answers before the session check', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ config: { enableWebAuthnLogins: false, enableMagicLinkLogins: false } });
    on = await createTestApp();
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('declares the nine endpoints for signed-in members behind their switch', () => {
    for (const { endpoint } of switched) {
      expect(endpoint.access).toMatchObject({ door: 'member', who: 'signed-in' });
      expect(endpoint.access).toHaveProperty('feature');
    }
  });

  it('switched off: signed out or signed in, each is a 404 with the same words', async () => {
    const { client: member } = await off.signedInMember();
    for (const { endpoint, body, message } of switched) {
      for (const client of [off.client(), member]) {
        const res = await call(client, endpoint, body);
        expect(res.status, endpoint.path).toBe(404);
        expect(res.body).toMatchObject({ success: false, error: 'NotFound', message });
      }
    }
  });

  it('switched off: a bad body is still a 400 before the switch answers', async () => {
    const res = await off.client().post(credentials.renamePasskeyEndpoint.path, { id: 'not-a-uuid' });
    expect(res.status).toBe(400);
  });

  it('switched on: a signed-out caller is asked to sign in', async () => {
    for (const { endpoint, body } of switched) {
      const res = await call(on.client(), endpoint, body);
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body).toMatchObject({ error: 'LOGIN_REQUIRED', errorCode: 'LOGIN_REQUIRED' });
    }
  });
});
