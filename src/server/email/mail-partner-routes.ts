import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { mailStatus, retryGivenUpMail } from './outbox-status.ts';

/**
 * Staff's view of the outbox (partner API; `npm run loyalty -- mail status` calls it): counts, and
 * every mail still retrying or given up, with its last error. Never a mail's body: it holds links.
 */
export function registerMailPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.get('/mail', async () => mailStatus(ctx.db));

  partner.post<{ Params: { id: string } }>('/mail/:id/retry', async (request) => {
    if (!(await retryGivenUpMail(ctx.db, request.params.id, partnerAudit(request, 'mail.retry')))) {
      throw notFound('MailNotFound', `No given-up mail has the id ${request.params.id}.`);
    }
    ctx.outbox.wake();
    return { id: request.params.id, queued: true };
  });
}
