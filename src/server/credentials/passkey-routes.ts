import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireRecentAuthentication, requireSession } from '../sessions/session-plugin.ts';
import { signedIn } from '../signin/signed-in.ts';
import { passkeyFlowOf } from './passkey-flow.ts';
import { passkeyService } from './passkey-service.ts';

/** The passkeys of SPEC §7: list, register, sign in, rename, remove (the rules: passkey-service.ts). */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const passkeys = passkeyService(ctx);

  route(app, api.passkeysEndpoint, async (_query, request) => {
    passkeys.ensureEnabled();
    return passkeys.list(requireSession(request));
  });

  // Adding or removing a passkey changes who can sign in: both need a recent authentication.
  route(app, api.passkeyRegistrationOptionsEndpoint, async (_body, request) => {
    passkeys.ensureEnabled();
    const options = await passkeys.registrationOptions(requireRecentAuthentication(request));
    return { success: true, options: { ...options } };
  });

  route(app, api.passkeyRegisterEndpoint, async ({ response }, request) => {
    passkeys.ensureEnabled();
    const session = requireRecentAuthentication(request);
    const credential = response as unknown as RegistrationResponseJSON;
    return { success: true, passkey: await passkeys.register(request, session, credential) };
  });

  route(app, api.passkeyLoginOptionsEndpoint, async (_body, request, reply) => {
    passkeys.ensureEnabled();
    return { success: true, options: { ...(await passkeys.signInOptions(request, reply)) } };
  });

  route(app, api.passkeyLoginEndpoint, async ({ response }, request, reply) => {
    passkeys.ensureEnabled();
    const credential = response as unknown as AuthenticationResponseJSON;
    const { account, passkeyId } = await passkeys.signIn(request, credential, passkeyFlowOf(ctx, request));
    return signedIn(ctx, request, reply, account, { passkeyId, method: 'passkey' });
  });

  route(app, api.renamePasskeyEndpoint, async ({ id, title }, request) => {
    passkeys.ensureEnabled();
    return { success: true, passkey: await passkeys.rename(requireSession(request), id, title) };
  });

  route(app, api.removePasskeyEndpoint, async ({ id }, request) => {
    passkeys.ensureEnabled();
    await passkeys.remove(requireRecentAuthentication(request), id);
    return { success: true };
  });
}
