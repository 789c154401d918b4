import { seedDemo } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import { recordAlone } from '../audit/audit-log.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { seedDemo as seed } from './demo-data.ts';

/** POST /partner/v1/demo: the demo member and their history (development only). */
export function registerDemoPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  // Seeding runs several transactions of its own (it is idempotent); its one audit row follows.
  serve(seedDemo, async (_none, { audit }) => {
    const seeded = await seed(ctx);
    await recordAlone(ctx.db, audit, {
      change: { created: seeded.created, loyaltyId: seeded.loyaltyId },
    });
    return seeded;
  });
}
