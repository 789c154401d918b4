import type { HomeData } from '#shared/api/boot.ts';
import { type PointsExpiryResponse, pointsExpiryEndpoint, transactionsEndpoint } from '#shared/api/points.ts';
import { homeActivityRows } from '#shared/api/transactions-page.ts';
import { schemeTimeZone } from '#shared/domain/date-format.ts';
import type { AppContext } from '../app-context.ts';
import { historyPage } from './history-service.ts';
import { expiryDays } from './points-expiry.ts';

/** GET /api/points-expiry: the next day some of the member's points expire, if expiry is on. */
export async function nextExpiry(ctx: AppContext, accountId: string): Promise<PointsExpiryResponse> {
  const { months } = ctx.config.pointsExpiry;
  if (!months) return { next: null };
  const timeZone = schemeTimeZone(ctx.config.locale);
  const [next] = await expiryDays(ctx.db, accountId, { months, timeZone, limit: 1 });
  return { next: next ?? null };
}

/**
 * What the signed-in Home shows beyond the viewer, for the server to render it whole: the history's
 * first rows (historyPage, as GET /api/transactions reads them) and the next expiry, each shaped by
 * its endpoint's response schema, so the browser hydrates exactly what it would have fetched.
 */
export async function homeData(ctx: AppContext, accountId: string): Promise<HomeData> {
  const [rows, expiry] = await Promise.all([
    historyPage(ctx.db, accountId, { limit: homeActivityRows }, ctx.config.pointsExpiry.months),
    nextExpiry(ctx, accountId),
  ]);
  return {
    recentActivity: transactionsEndpoint.response.parse(rows),
    nextExpiry: pointsExpiryEndpoint.response.parse(expiry).next,
  };
}
