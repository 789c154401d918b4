import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireRecentAuthentication } from '../sessions/session-plugin.ts';
import { signedIn } from '../signin/signed-in.ts';
import { passkeyFlowOf } from './passkey-flow.ts';
import { passkeyService } from './passkey-service.ts';

/**
 * The passkeys of SPEC §7: list, register, sign in, rename, remove (the rules: passkey-service.ts).
 * Their declarations name the passkeys switch and who may call; the members' door checks both.
 */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const passkeys = passkeyService(ctx);

  route(app, api.passkeysEndpoint, async (_query, _request, _reply, session) => passkeys.list(session));

  // Adding or removing a passkey changes who can sign in: both need a recent authentication.
  route(app, api.passkeyRegistrationOptionsEndpoint, async (_body, _request, _reply, session) => {
    const options = await passkeys.registrationOptions(requireRecentAuthentication(session));
    return { success: true, options: { ...options } };
  });

  route(app, api.passkeyRegisterEndpoint, async ({ response }, request, _reply, session) => {
    const credential = response as unknown as RegistrationResponseJSON;
    const recent = requireRecentAuthentication(session);
    return { success: true, passkey: await passkeys.register(request, recent, credential) };
  });

  route(app, api.passkeyLoginOptionsEndpoint, async (_body, request, reply) => {
    return { success: true, options: { ...(await passkeys.signInOptions(request, reply)) } };
  });

  route(app, api.passkeyLoginEndpoint, async ({ response }, request, reply) => {
    const credential = response as unknown as AuthenticationResponseJSON;
    const { account, passkeyId } = await passkeys.signIn(request, credential, passkeyFlowOf(ctx, request));
    return signedIn(ctx, request, reply, account, { passkeyId, method: 'passkey' });
  });

  route(app, api.renamePasskeyEndpoint, async ({ id, title }, _request, _reply, session) => {
    return { success: true, passkey: await passkeys.rename(session, id, title) };
  });

  route(app, api.removePasskeyEndpoint, async ({ id }, _request, _reply, session) => {
    await passkeys.remove(requireRecentAuthentication(session), id);
    return { success: true };
  });
}
