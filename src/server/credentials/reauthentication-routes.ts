import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/reauthentication.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { reauthenticationService } from './reauthentication-service.ts';

const reconfirmed = { success: true, message: 'Thank you. You can carry on.' };
const reconfirmLinkSentMessage = 'We have emailed you a link. Open it in this browser to confirm it is you.';

/**
 * Re-confirmation of who the member is (the rules: reauthentication-service.ts). The passkey and
 * emailed-link ways declare their feature switch; the members' door answers it before the session.
 */
export function registerReauthenticationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reauthentication = reauthenticationService(ctx);

  route(app, api.reauthenticationStatusEndpoint, async (_query, _request, _reply, session) => {
    return { success: true, recentlyAuthenticated: session.recentlyAuthenticated };
  });

  route(app, api.reauthenticateWithPasswordEndpoint, async ({ password }, request, reply, session) => {
    await reauthentication.confirmWithPassword(request, reply, session, password);
    return reconfirmed;
  });

  route(app, api.reauthenticationPasskeyOptionsEndpoint, async (_body, _request, _reply, session) => {
    const options = await reauthentication.passkeyOptions(session);
    return { success: true, options: { ...options } };
  });

  route(app, api.reauthenticateWithPasskeyEndpoint, async ({ response }, request, _reply, session) => {
    const credential = response as unknown as AuthenticationResponseJSON;
    await reauthentication.confirmWithPasskey(request, session, credential);
    return reconfirmed;
  });

  route(app, api.requestReauthenticationLinkEndpoint, async (_body, request, reply, session) => {
    await reauthentication.sendLink(request, reply, session);
    return { success: true, message: reconfirmLinkSentMessage };
  });

  route(app, api.reauthenticateWithLinkEndpoint, async ({ token }, _request, _reply, session) => {
    await reauthentication.confirmWithLink(session, token);
    return reconfirmed;
  });
}
