import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

export interface DevProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A local OAuth 2 / OpenID provider (oauth2-mock-server) so the sportswear-account link can be tried
 * end to end without the real provider: development and tests only, never in production. It signs
 * the visitor straight in (no login screen) as a new account with a random subject id each time.
 */
export async function startDevProvider(): Promise<DevProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const subjects = new Map<string, string>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const code = redirect.url.searchParams.get('code');
    if (code) subjects.set(code, `dev-athlete-${randomUUID()}`);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, request: { body?: { code?: unknown } }) => {
      const code = typeof request.body?.code === 'string' ? request.body.code : null;
      const subject = code ? subjects.get(code) : undefined;
      if (subject) token.payload.sub = subject;
    },
  );
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('development OAuth provider has no issuer URL');
  return {
    issuer,
    async stop() {
      subjects.clear();
      if (server.listening) await server.stop();
    },
  };
}
