import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as partner from '#shared/api/partner-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { noPassChanged } from '../wallet/pass-wake.ts';
import { setBurnRate } from './burn-rate-service.ts';
import { runExpiryNow } from './expiry-job.ts';
import type { KeyedResult } from './idempotent-writes.ts';
import { allowedCurrency, partnerAnswer, partnerWrites } from './partner-points-service.ts';
import { recordPurchaseBatch } from './purchase-batch.ts';
import { purchaseGroups } from './purchase-groups.ts';

/** Partner routes of the points feature, under /partner/v1 (registered by the app's partner-api.ts). */
export function registerPointsPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  /** A keyed write: created (201) the first time; the same body and status on every replay, flagged by a header. */
  function keyed<E extends Endpoint & { access: { door: 'partner' } }>(
    endpoint: E,
    write: (ctx: AppContext, input: z.output<E['request']>, audit: Audit) => Promise<KeyedResult>,
  ) {
    serve(endpoint, async (input, { audit, reply }) => {
      const result = await write(ctx, input, audit);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return (await partnerAnswer(ctx, result)) as z.input<E['response']>;
    });
  }

  const recordPurchase = purchaseGroups(ctx);
  // 201 for the member's purchase; 202 when no member has the card: kept unmatched, to be claimed.
  serve(partner.recordPurchase, async (input, { audit, request, reply }) => {
    const result = await recordPurchase(allowedCurrency(ctx, input), audit);
    reply.code(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    if (!result.passChanged) noPassChanged(request);
    return result.body as z.input<typeof partner.recordPurchase.response>;
  });
  // 200 with one result per purchase (201, or its own 4xx); 500 purchases need more than 64 KB.
  serve(
    partner.recordPurchaseBatch,
    async ({ purchases }, { audit, request }) => {
      const answer = await recordPurchaseBatch(ctx, purchases, audit);
      if (!answer.passChanged) noPassChanged(request);
      const results = answer.results as z.input<typeof partner.recordPurchaseBatch.response>['results'];
      return { success: true as const, results };
    },
    { bodyLimit: 1024 * 1024 },
  );
  keyed(partner.recordReturn, partnerWrites.return);
  keyed(partner.recordAdjustment, partnerWrites.adjustment);
  keyed(partner.recordRedemption, partnerWrites.redemption);

  // The cash credit is in the scheme's currency; a client shows it in the scheme's locale.
  const scheme = { currency: ctx.config.allowedCurrencies[0] ?? 'GBP', locale: ctx.config.locale };
  serve(partner.getBurnRates, async () => {
    const rate = await currentBurnRate(ctx.db);
    return { success: true as const, burnRates: rate ? [rate] : [], ...scheme };
  });

  serve(partner.runPointsExpiry, async (_none, { audit }) => ({
    success: true as const,
    ...(await runExpiryNow(ctx, audit)),
  }));

  // Sets the first (the only used) burn-rate entry.
  serve(partner.setBurnRate, async (input, { audit }) => {
    await setBurnRate(ctx.db, input, audit);
    return { success: true as const, burnRates: [input], ...scheme };
  });
}
