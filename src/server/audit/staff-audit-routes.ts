import { staffAuditEndpoint, staffAuditExportEndpoint } from '#shared/api/staff-audit.ts';
import type { AppContext } from '../app-context.ts';
import { auditCsv, listAudit } from './audit-query.ts';
import type { StaffServe } from './audited-doors.ts';

/**
 * The audit log in the console: managers and admins (it shows every staff member's actions, so
 * support, who act on members, do not review each other here).
 */
export function registerStaffAuditRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(staffAuditEndpoint, async (filters) => listAudit(ctx.db, filters));
  serve(staffAuditExportEndpoint, async (filters, { reply }) => {
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store');
    return auditCsv(ctx.db, filters);
  });
}
