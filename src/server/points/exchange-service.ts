import { cashValueFor, type ExchangeBlock, exchangeBlock } from '#shared/domain/exchange.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { notEnoughPoints, recordExchange } from './exchange-command.ts';

/** SPEC §8 messages and the refusals of §5 the exchange screen shows as the server's message. */
export const exchangeMessages = {
  underReview: "We're reviewing your account so you can't add points to your pass at this time.",
  emailUnverified: 'Verify your email address before adding points to your pass.',
  cannotConvert:
    "Your account can't add points to your pass at the moment. Please contact customer services.",
  noPoints: "You don't have any points to add to your pass yet.",
  disabled: 'Adding points to your pass is not available.',
  notMultiple: (level: number) => `Choose a number of points in steps of ${level}.`,
  rateChanged: 'The exchange rate has changed. Please reload the page and try again.',
  done: 'Your points have been added to your pass.',
} as const;

/** The refusal of each block the screen also derives (src/shared/domain/exchange.ts). */
const refusals: Record<ExchangeBlock, () => HttpError> = {
  underReview: () => forbidden('UnderReview', exchangeMessages.underReview),
  emailUnverified: () => forbidden('EmailUnverified', exchangeMessages.emailUnverified),
  cannotConvert: () => forbidden('CannotConvert', exchangeMessages.cannotConvert),
  noPoints: () => conflict('NoPoints', exchangeMessages.noPoints),
};

/**
 * SPEC §4 Points exchange: the member turns points into cash on the pass at the current burn rate.
 * The rules are checked on the locked account; `totalValue` is what the screen showed, so a rate
 * changed meanwhile refuses rather than pays another amount.
 */
export async function exchangePoints(
  ctx: AppContext,
  accountId: string,
  input: { pointsConsumed: number; totalValue: number },
): Promise<AccountRow> {
  if (!ctx.config.enablePointsExchange) throw notFound('NotFound', exchangeMessages.disabled);
  const { pointsConsumed, totalValue } = input;
  const { account } = await recordExchange(
    ctx.db,
    accountId,
    pointsConsumed,
    async (locked, tx) => {
      const block = exchangeBlock({
        underReview: locked.under_review,
        emailIsVerified: locked.email_verified,
        accessRules: { canConvert: locked.can_convert },
        pointsBalance: locked.points_balance,
      });
      if (block) throw refusals[block]();
      const rate = await currentBurnRate(tx);
      if (!rate) throw notFound('NotFound', exchangeMessages.disabled);
      if (pointsConsumed % rate.pointsLevel !== 0) {
        const problem = exchangeMessages.notMultiple(rate.pointsLevel);
        throw badRequest('NotMultipleOfRate', problem, { fieldErrors: { pointsConsumed: problem } });
      }
      if (pointsConsumed > locked.points_balance) throw conflict('NotEnoughPoints', notEnoughPoints);
      const cash = cashValueFor(pointsConsumed, rate);
      if (cash !== totalValue) throw conflict('RateChanged', exchangeMessages.rateChanged);
      return cash;
    },
    { locale: ctx.config.locale },
  );
  return account;
}
