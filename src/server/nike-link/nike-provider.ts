import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type * as client from 'openid-client';
import type { Config } from '#shared/config.ts';
import type { DevProvider, DevProviderOptions } from './dev-provider.ts';

type LinkSettings = Config['nikeLink'];

/** openid-client and jose load with the first Nike link, not at every start. */
const openid = () => import('openid-client');

/** The sportswear provider as the app uses it: a client configuration resolved on first use. */
export interface NikeProvider {
  /** Discovers (once, retried after a failure) and answers the client; null: no provider at all. */
  configuration: (() => Promise<client.Configuration>) | null;
  /** Where the provider sends the member back. */
  redirectUri: string;
  scopes: string;
  /** Stops the local development provider, if one was started. */
  close(): Promise<void>;
}

const developmentSecret = 'development-secret';

function isConfigured(link: LinkSettings): boolean {
  return Boolean(link.issuer || (link.authorizationEndpoint && link.tokenEndpoint));
}

/** The PKCS #8 key of private_key_jwt, with the algorithm its type signs with. */
async function privateKey(link: LinkSettings) {
  if (!link.privateKeyPath) throw new Error('nikeLink.privateKeyPath is needed for private_key_jwt');
  const pem = await readFile(link.privateKeyPath, 'utf8');
  const type = createPublicKey(pem).asymmetricKeyType;
  const alg = type === 'ec' ? 'ES256' : type === 'ed25519' ? 'EdDSA' : 'RS256';
  const { importPKCS8 } = await import('jose');
  return { pem, alg, key: await importPKCS8(pem, alg) };
}

async function clientAuthentication(link: LinkSettings, secret: string | null): Promise<client.ClientAuth> {
  const oidc = await openid();
  const needsSecret = () => {
    if (!secret)
      throw new Error(
        `nikeLink.clientSecret (or NIKE_CLIENT_SECRET) is needed for ${link.tokenEndpointAuthMethod}`,
      );
    return secret;
  };
  switch (link.tokenEndpointAuthMethod) {
    case 'client_secret_basic':
      return oidc.ClientSecretBasic(needsSecret());
    case 'client_secret_post':
      return oidc.ClientSecretPost(needsSecret());
    case 'private_key_jwt': {
      const { key } = await privateKey(link);
      return oidc.PrivateKeyJwt(link.privateKeyId ? { key, kid: link.privateKeyId } : key);
    }
    case 'none':
      return oidc.None();
  }
}

async function build(
  link: LinkSettings,
  issuer: string | null,
  secret: string | null,
): Promise<client.Configuration> {
  const oidc = await openid();
  const auth = await clientAuthentication(link, secret);
  // A local http provider (development, tests) needs this; real providers are https.
  const insecure = (url: string | null) => url?.startsWith('http:') ?? false;
  if (issuer) {
    return oidc.discovery(
      new URL(issuer),
      link.clientId,
      undefined,
      auth,
      insecure(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }
  const configuration = new oidc.Configuration(
    {
      issuer: new URL(link.authorizationEndpoint ?? '').origin,
      authorization_endpoint: link.authorizationEndpoint ?? '',
      token_endpoint: link.tokenEndpoint ?? '',
      ...(link.userinfoEndpoint ? { userinfo_endpoint: link.userinfoEndpoint } : {}),
    },
    link.clientId,
    undefined,
    auth,
  );
  if (insecure(link.tokenEndpoint)) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** Caches a pending build; a failed one (provider down) is tried again on the next use. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * The provider the link talks to: the configured one, or outside production a local development
 * provider (dev-provider.ts, a real certified OpenID provider), started on first use so a server
 * (or a test) that never links pays nothing for it. `configuration` is null when neither is available.
 */
export function nikeProvider(
  settings: { config: Config; origin: string; production: boolean },
  log: FastifyBaseLogger,
): NikeProvider {
  const link = settings.config.nikeLink;
  const redirectUri = `${settings.origin}/complete-link-with-nike`;
  let dev: Promise<DevProvider> | null = null;
  let configuration: NikeProvider['configuration'] = null;
  if (isConfigured(link)) {
    configuration = once(() => build(link, link.issuer, link.clientSecret));
  } else if (!settings.production) {
    const secret = link.clientSecret ?? developmentSecret;
    configuration = once(async () => {
      dev ??= startLocalProvider(link, redirectUri, secret).then((started) => {
        log.info(`Nike account link: local development provider at ${started.issuer}`);
        return started;
      });
      return build(link, (await dev).issuer, secret);
    });
  }
  return {
    configuration,
    redirectUri,
    scopes: link.scopes,
    async close() {
      if (dev) await (await dev.catch(() => null))?.stop();
    },
  };
}

async function startLocalProvider(link: LinkSettings, redirectUri: string, secret: string) {
  const method = link.tokenEndpointAuthMethod;
  let clientJwks: DevProviderOptions['clientJwks'];
  if (method === 'private_key_jwt') {
    const { pem, alg } = await privateKey(link);
    const jwk = createPublicKey(pem).export({ format: 'jwk' });
    clientJwks = { keys: [{ ...jwk, alg, ...(link.privateKeyId ? { kid: link.privateKeyId } : {}) }] };
  }
  // Loaded only here: production (and a server that never links) never loads oidc-provider, which
  // also warns about the Node version as it loads.
  const { startDevProvider } = await import('./dev-provider.ts');
  return startDevProvider({
    redirectUris: [redirectUri],
    clientId: link.clientId,
    clientAuthMethod: method,
    clientSecret: method.startsWith('client_secret') ? secret : null,
    clientJwks,
  });
}
