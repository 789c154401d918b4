import { mailStatus, retryMail } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { notFound } from '../http/errors.ts';
import { mailStatus as outboxStatus, retryGivenUpMail } from './outbox-status.ts';

/**
 * Staff's view of the outbox (partner API; `npm run loyalty -- mail status` calls it): counts, and
 * every mail still retrying or given up, with its last error. Never a mail's body: it holds links.
 */
export function registerMailPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(mailStatus, async () => outboxStatus(ctx.db));

  serve(retryMail, async (_none, { params, audit }) => {
    if (!(await retryGivenUpMail(ctx.db, params.id, audit))) {
      throw notFound('MailNotFound', `No given-up mail has the id ${params.id}.`);
    }
    ctx.outbox.wake();
    return { id: params.id, queued: true as const };
  });
}
