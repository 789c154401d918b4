import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK } from 'jose';
import Provider, { type ClientMetadata, type JWK } from 'oidc-provider';
import { newKeyPair } from '../security/key-pairs.ts';

/** How the app authenticates at the provider's token, revocation and introspection endpoints. */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';

export interface DevProviderOptions {
  /** Where the provider sends the browser back (the app's /complete-link-with-nike). */
  redirectUris: string[];
  clientId: string;
  clientAuthMethod: ClientAuthMethod;
  /** For client_secret_basic and client_secret_post. */
  clientSecret?: string | null;
  /** For private_key_jwt: the public half of the app's key. */
  clientJwks?: { keys: JWK[] };
  /** 0 (default): a free port the system picks, so parallel servers and tests never collide. */
  port?: number;
}

export interface DevProvider {
  issuer: string;
  /** How each call to the token endpoint authenticated: the Authorization header's scheme, if any. */
  tokenRequests: { authorization: string | null }[];
  stop(): Promise<void>;
}

/**
 * A real, certified OpenID provider (panva's oidc-provider) run locally, so the sportswear-account
 * link is tried against what a real provider does (RFC 9207 `iss` on every callback, client
 * authentication, PKCE, revocation) in development and tests; never in production. Its development
 * interactions are the screens a member meets: a sign-in form that takes any login (the login
 * becomes the account's subject id) and a consent screen whose "Cancel" answers `access_denied`.
 * Accounts, grants and tokens live in memory and go with the process.
 */
export async function startDevProvider(options: DevProviderOptions): Promise<DevProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const client: ClientMetadata = {
    client_id: options.clientId,
    redirect_uris: options.redirectUris,
    // Refresh tokens as a real provider issues them: only for `offline_access` asked with
    // prompt=consent (OpenID Connect Core §11), which oidc-provider enforces.
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: options.clientAuthMethod,
    ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
    ...(options.clientJwks ? { jwks: options.clientJwks } : {}),
  };
  // A key pair safe to export on Node 20 (security/key-pairs.ts), not jose's generateKeyPair.
  const signing = await newKeyPair({ type: 'rsa', modulusLength: 2048 });
  const ownClient = (_ctx: unknown, caller: { clientId: string }) => caller.clientId === options.clientId;
  const provider = new Provider(issuer, {
    clients: [client],
    jwks: { keys: [{ ...(await exportJWK(signing.privateKey)), alg: 'RS256', use: 'sig', kid: 'dev' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true, allowedPolicy: ownClient },
      introspection: { enabled: true, allowedPolicy: ownClient },
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    pkce: { required: () => true },
    // Seconds: short-lived like a real provider's, long enough for a member at the screens.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
  });
  const tokenRequests: DevProvider['tokenRequests'] = [];
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === '/token') {
      tokenRequests.push({ authorization: ctx.get('authorization').split(' ')[0] || null });
    }
    await next();
  });
  server.on('request', provider.callback());
  return {
    issuer,
    tokenRequests,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
