import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '#shared/config.ts';
import type { AppContext } from '../app-context.ts';
import { type DevProvider, startDevProvider } from './dev-provider.ts';

/** The OAuth client of the sportswear provider: discovered from an issuer, or built from endpoints. */
export interface ProviderSettings {
  issuer: string | null;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  userinfoEndpoint: string | null;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
}

function configuredProvider(config: Config): ProviderSettings | null {
  const link = config.nikeLink;
  if (!link.issuer && !(link.authorizationEndpoint && link.tokenEndpoint)) return null;
  return link;
}

/** Resolves (and caches) the openid-client Configuration; a failed discovery is retried next time. */
function providerClient(settings: ProviderSettings): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | null = null;
  return () => {
    pending ??= build(settings).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

async function build(settings: ProviderSettings): Promise<client.Configuration> {
  const auth = settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None();
  const insecure = (url: string | null) => url?.startsWith('http:') ?? false;
  let configuration: client.Configuration;
  if (settings.issuer) {
    configuration = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      auth,
      // A local http provider (development) needs this; real providers are https.
      insecure(settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  } else {
    configuration = new client.Configuration(
      {
        issuer: new URL(settings.authorizationEndpoint ?? '').origin,
        authorization_endpoint: settings.authorizationEndpoint ?? '',
        token_endpoint: settings.tokenEndpoint ?? '',
        ...(settings.userinfoEndpoint ? { userinfo_endpoint: settings.userinfoEndpoint } : {}),
      },
      settings.clientId,
      undefined,
      auth,
    );
    if (insecure(settings.tokenEndpoint)) client.allowInsecureRequests(configuration);
  }
  return configuration;
}

/**
 * The provider the link talks to: the configured one, or outside production a local development
 * provider, started on first use so a server (or a test) that never links pays nothing for it.
 * Null when neither is available.
 */
export function nikeProvider(app: FastifyInstance, ctx: AppContext) {
  const configured = configuredProvider(ctx.config);
  let provider: (() => Promise<client.Configuration>) | null = configured ? providerClient(configured) : null;
  if (!configured && !ctx.production) {
    let dev: Promise<DevProvider> | null = null;
    app.addHook('onClose', async () => {
      if (dev) await (await dev).stop();
    });
    let devClient: (() => Promise<client.Configuration>) | null = null;
    provider = async () => {
      dev ??= startDevProvider().then((started) => {
        ctx.log.info(`Nike account link: local development provider at ${started.issuer}`);
        return started;
      });
      const { issuer } = await dev;
      devClient ??= providerClient({
        issuer,
        authorizationEndpoint: null,
        tokenEndpoint: null,
        userinfoEndpoint: null,
        clientId: ctx.config.nikeLink.clientId,
        clientSecret: 'development-secret',
        scopes: ctx.config.nikeLink.scopes,
      });
      return devClient();
    };
  }
  return { configured, provider };
}
