import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/reauthentication.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { reauthenticationService } from './reauthentication-service.ts';

const reconfirmed = { success: true, message: 'Thank you. You can carry on.' };
const reconfirmLinkSentMessage = 'We have emailed you a link. Open it in this browser to confirm it is you.';

/** Re-confirmation of who the member is (the rules: reauthentication-service.ts). */
export function registerReauthenticationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reauthentication = reauthenticationService(ctx);

  route(app, api.reauthenticationStatusEndpoint, async (_query, _request, _reply, session) => {
    return { success: true, recentlyAuthenticated: session.recentlyAuthenticated };
  });

  route(app, api.reauthenticateWithPasswordEndpoint, async ({ password }, request, reply, session) => {
    await reauthentication.confirmWithPassword(request, reply, session, password);
    return reconfirmed;
  });

  route(app, api.reauthenticationPasskeyOptionsEndpoint, async (_body, request) => {
    reauthentication.ensurePasskeysEnabled();
    const options = await reauthentication.passkeyOptions(requireSession(request));
    return { success: true, options: { ...options } };
  });

  route(app, api.reauthenticateWithPasskeyEndpoint, async ({ response }, request) => {
    reauthentication.ensurePasskeysEnabled();
    const credential = response as unknown as AuthenticationResponseJSON;
    await reauthentication.confirmWithPasskey(request, requireSession(request), credential);
    return reconfirmed;
  });

  route(app, api.requestReauthenticationLinkEndpoint, async (_body, request, reply) => {
    reauthentication.ensureLinksEnabled();
    await reauthentication.sendLink(request, reply, requireSession(request));
    return { success: true, message: reconfirmLinkSentMessage };
  });

  route(app, api.reauthenticateWithLinkEndpoint, async ({ token }, request) => {
    reauthentication.ensureLinksEnabled();
    await reauthentication.confirmWithLink(requireSession(request), token);
    return reconfirmed;
  });
}
