import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerEmailLinkRoutes } from './email-link-routes.ts';
import { registerPasskeyRoutes } from './passkey-routes.ts';
import { registerReauthenticationRoutes } from './reauthentication-routes.ts';

/** Magic links, password reset and change, passkeys (SPEC §7), and re-confirming who one is. */
export function registerCredentialsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEmailLinkRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx);
  registerReauthenticationRoutes(app, ctx);
}
