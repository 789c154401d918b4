import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import type { configSchema } from '#shared/config.ts';
import { throughProvider } from '#tests/support/oidc-browser.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { keyPairSync } from '../security/key-pairs.ts';
import { type ClientAuthMethod, startDevProvider } from './dev-provider.ts';
import { nikeMessages } from './nike-link-service.ts';

const redirectUri = 'http://localhost:3000/complete-link-with-nike';
const keyDir = mkdtempSync(join(tmpdir(), 'nike-client-key-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

/** One link through the provider's screens with an app configured as `nikeLink` says. */
async function linkWith(nikeLink: z.input<typeof configSchema>['nikeLink']) {
  const t = await createTestApp({ config: { nikeLink } });
  try {
    const member = await t.signedInMember();
    const started = linkWithNikeEndpoint.response.parse(
      (await member.client.post('/api/link-with-nike', {})).body,
    );
    const callback = await throughProvider(String(started.link), {
      redirectUri,
      login: `athlete-${randomUUID()}`,
    });
    return await member.client.post('/api/complete-link-with-nike', { query: callback.search.slice(1) });
  } finally {
    await t.close();
  }
}

/** A provider of our own where this client is registered with `method`, as a retailer's would be. */
async function providerExpecting(method: ClientAuthMethod) {
  return startDevProvider({
    redirectUris: [redirectUri],
    clientId: 'members-web',
    clientAuthMethod: method,
    clientSecret: 's3cret-for-tests',
  });
}

describe('Nike link client authentication (nikeLink.tokenEndpointAuthMethod)', () => {
  it('client_secret_basic (the default) and client_secret_post each link against a provider that expects them', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
      const provider = await providerExpecting(method);
      try {
        const res = await linkWith({
          issuer: provider.issuer,
          clientSecret: 's3cret-for-tests',
          ...(method === 'client_secret_post' ? { tokenEndpointAuthMethod: method } : {}),
        });
        expect(res.status, method).toBe(200);
        // Basic sends the secret in the Authorization header; post sends it in the form body.
        expect(provider.tokenRequests).toEqual([
          { authorization: method === 'client_secret_basic' ? 'Basic' : null },
        ]);
      } finally {
        await provider.stop();
      }
    }
  });

  it('a method the provider does not expect for this client fails the exchange', async () => {
    const provider = await providerExpecting('client_secret_basic');
    try {
      const res = await linkWith({ issuer: provider.issuer, tokenEndpointAuthMethod: 'none' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ExchangeFailed', message: nikeMessages.exchangeFailed });
    } finally {
      await provider.stop();
    }
  });

  it('private_key_jwt: the app signs its client assertion with the configured key', async () => {
    for (const type of ['rsa', 'ec'] as const) {
      const { privateKey } =
        type === 'rsa'
          ? keyPairSync({ type, modulusLength: 2048 })
          : keyPairSync({ type, namedCurve: 'P-256' });
      const privateKeyPath = join(keyDir, `${type}.pem`);
      writeFileSync(privateKeyPath, privateKey.export({ format: 'pem', type: 'pkcs8' }));
      // No issuer: the local development provider registers the public half of the configured key.
      const res = await linkWith({
        tokenEndpointAuthMethod: 'private_key_jwt',
        privateKeyPath,
        privateKeyId: 'k1',
      });
      expect(res.status, type).toBe(200);
    }
  });

  it('a secret-based method without a secret is unavailable, not a silent public client', async () => {
    const provider = await providerExpecting('client_secret_basic');
    const t = await createTestApp({ config: { nikeLink: { issuer: provider.issuer } } });
    try {
      const member = await t.signedInMember();
      const res = await member.client.post('/api/link-with-nike', {});
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'Unavailable', message: nikeMessages.unavailable });
    } finally {
      await t.close();
      await provider.stop();
    }
  });
});
