import { createKey, listKeys, revokeKey } from '#shared/api/partner-admin-endpoints.ts';
import {
  createStaffApiKeyEndpoint,
  revokeStaffApiKeyEndpoint,
  staffApiKeysEndpoint,
} from '#shared/api/staff-audit.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe, StaffServe } from '../audit/audited-doors.ts';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';

/**
 * Named API keys, through two doors: the bootstrap key's partner routes (`npm run loyalty -- keys …`)
 * and the console's admins. Each creation and revocation is audited as whoever made it.
 */
export function registerKeyPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(listKeys, async () => ({
    success: true as const,
    apiKeys: (await listApiKeys(ctx.db)).map(apiKeyView),
  }));

  serve(createKey, async (input, { actor, reply }) => {
    const { row, key } = await createApiKey(ctx.db, input, actor);
    reply.header('cache-control', 'no-store');
    return { success: true as const, apiKey: apiKeyView(row), key };
  });

  serve(revokeKey, async (_none, { params, actor }) => ({
    success: true as const,
    apiKey: apiKeyView(await revokeApiKey(ctx.db, params.id, actor)),
  }));
}

/** The console's API keys page: admins only. */
export function registerKeyStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(staffApiKeysEndpoint, async () => ({
    success: true as const,
    apiKeys: (await listApiKeys(ctx.db)).map(apiKeyView),
  }));
  serve(createStaffApiKeyEndpoint, async (input, { actor, reply }) => {
    const { row, key } = await createApiKey(ctx.db, input, actor);
    reply.code(201).header('cache-control', 'no-store');
    return { success: true as const, apiKey: apiKeyView(row), key };
  });
  serve(revokeStaffApiKeyEndpoint, async ({ id }, { actor }) => ({
    success: true as const,
    apiKey: apiKeyView(await revokeApiKey(ctx.db, id, actor)),
  }));
}
