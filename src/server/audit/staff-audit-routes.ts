import type { FastifyInstance } from 'fastify';
import {
  createStaffApiKeyEndpoint,
  revokeStaffApiKeyEndpoint,
  staffApiKeysEndpoint,
  staffAuditEndpoint,
  staffAuditExportEndpoint,
} from '#shared/api/staff-audit.ts';
import type { AppContext } from '../app-context.ts';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from '../operator/api-keys.ts';
import { staffRoute } from '../staff/staff-scope.ts';
import { auditCsv, listAudit } from './audit-query.ts';

const staffActor = (staff: { staffId: string; email: string }) =>
  ({ kind: 'staff', id: staff.staffId, label: staff.email }) as const;

/**
 * The audit log in the console: managers and admins (it shows every staff member's actions, so
 * support, who act on members, do not review each other here). API keys: admins only.
 */
export function registerStaffAuditRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, staffAuditEndpoint, 'manager', async (filters) => listAudit(ctx.db, filters));
  staffRoute(scope, staffAuditExportEndpoint, 'manager', async (filters, _staff, _request, reply) => {
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store');
    return auditCsv(ctx.db, filters);
  });

  staffRoute(scope, staffApiKeysEndpoint, 'admin', async () => ({
    success: true as const,
    apiKeys: (await listApiKeys(ctx.db)).map(apiKeyView),
  }));
  staffRoute(scope, createStaffApiKeyEndpoint, 'admin', async (input, staff, _request, reply) => {
    const { row, key } = await createApiKey(ctx.db, input, staffActor(staff));
    reply.code(201).header('cache-control', 'no-store');
    return { success: true as const, apiKey: apiKeyView(row), key };
  });
  staffRoute(scope, revokeStaffApiKeyEndpoint, 'admin', async ({ id }, staff) => ({
    success: true as const,
    apiKey: apiKeyView(await revokeApiKey(ctx.db, id, staffActor(staff))),
  }));
}
