import type { FastifyInstance } from 'fastify';
import { createApiKeyRequest } from '#shared/api/api-keys.ts';
import { auditQuery } from '#shared/api/audit.ts';
import type { AppContext } from '../app-context.ts';
import { auditCsv, listAudit } from '../audit/audit-query.ts';
import { parseOrThrow } from '../http/routes.ts';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { partnerActor } from './partner-auth.ts';

/**
 * The bootstrap key's own partner routes (partner-operations.ts marks them `bootstrap`): named API
 * keys and the audit log, for `npm run loyalty -- keys …` and `audit …`.
 */
export function registerPartnerAdminRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.get('/keys', async () => ({ success: true, apiKeys: (await listApiKeys(ctx.db)).map(apiKeyView) }));

  partner.post('/keys', async (request, reply) => {
    const input = parseOrThrow(createApiKeyRequest, request.body);
    const { row, key } = await createApiKey(ctx.db, input, partnerActor(request));
    reply.code(201).header('cache-control', 'no-store');
    return { success: true, apiKey: apiKeyView(row), key };
  });

  partner.post<{ Params: { id: string } }>('/keys/:id/revoke', async (request) => {
    const row = await revokeApiKey(ctx.db, request.params.id, partnerActor(request));
    return { success: true, apiKey: apiKeyView(row) };
  });

  partner.get<{ Querystring: Record<string, unknown> }>('/audit', async (request, reply) => {
    const parsed = parseOrThrow(auditQuery, request.query);
    if (parsed.format !== 'csv') return listAudit(ctx.db, parsed);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store');
    const { limit: _limit, before: _before, format: _format, ...filters } = parsed;
    return auditCsv(ctx.db, filters);
  });
}
