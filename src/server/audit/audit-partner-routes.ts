import { listAudit } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import { auditCsv, listAudit as auditPage } from './audit-query.ts';
import type { PartnerServe } from './audited-doors.ts';

/** The audit log under /partner/v1 (bootstrap key only), for `npm run loyalty -- audit …`. */
export function registerAuditPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(listAudit, async (query, { reply }) => {
    if (query.format !== 'csv') return auditPage(ctx.db, query);
    const { limit: _limit, before: _before, format: _format, ...filters } = query;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store')
      .send(await auditCsv(ctx.db, filters));
  });
}
