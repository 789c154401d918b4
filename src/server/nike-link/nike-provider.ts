import * as client from 'openid-client';
import type { Config } from '#shared/config.ts';

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

export function configuredProvider(config: Config): ProviderSettings | null {
  const link = config.nikeLink;
  if (!link.issuer && !(link.authorizationEndpoint && link.tokenEndpoint)) return null;
  return link;
}

/** Resolves (and caches) the openid-client Configuration; a failed discovery is retried next time. */
export function providerClient(settings: ProviderSettings): () => Promise<client.Configuration> {
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
