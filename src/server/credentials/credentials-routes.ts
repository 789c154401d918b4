import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerEmailLinkRoutes } from './email-link-routes.ts';
import { registerPasskeyRoutes } from './passkey-routes.ts';

/** Magic links, password reset and change, and passkeys (SPEC §7). */
export function registerCredentialsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEmailLinkRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx);
}
