import { recordVisitEndpoint, scanEndpoint, scanStoresEndpoint } from '#shared/api/staff-scan.ts';
import type { AppContext } from '../app-context.ts';
import { auditAs } from '../audit/audit-log.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { checkInTicket } from '../events/event-check-in.ts';
import { limitByKey } from '../rate-limits/rate-limits.ts';
import type { StaffSession } from '../staff/staff-sessions.ts';
import { classify, recordVisit, scannedMember, storesForScan } from './scan-service.ts';

/**
 * The scan screen's endpoints, through the staff door (a member's session counts for nothing there).
 * Look-ups are limited per staff member, so a stolen or misused console session cannot walk through
 * card numbers; a till-side scanner at a busy door stays well inside the limit.
 */
export function registerScanStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(scanEndpoint, async ({ code, storeId }, { caller, actor, reply }) => {
    const staff = caller as StaffSession;
    // Refuses a code that is no card before it counts: a typo costs no slot.
    const scanned = classify(code);
    await limitByKey(
      ctx.db,
      reply,
      {
        bucket: 'scan-lookup-staff',
        key: staff.staffId,
        limit: ctx.config.staff.scanLookupsPerHour,
        windowMinutes: 60,
      },
      'Too many cards looked up in the last hour. Please wait a few minutes.',
    );
    if (scanned.kind === 'ticket') {
      const audit = auditAs(actor, 'event.check_in');
      return {
        kind: 'ticket' as const,
        ticket: await checkInTicket(ctx, scanned.code, staff.staffId, audit),
      };
    }
    const viewer = { staffId: staff.staffId, role: staff.role, storeId, locale: ctx.config.locale };
    return { kind: scanned.kind, member: await scannedMember(ctx.db, scanned.loyaltyId, viewer) };
  });
  serve(scanStoresEndpoint, async () => storesForScan(ctx.db));
  serve(recordVisitEndpoint, async (input, { caller, audit }) =>
    recordVisit(ctx.db, input, (caller as StaffSession).staffId, audit),
  );
}
