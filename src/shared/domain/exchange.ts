/** SPEC §3 Burn rate entry: `cashValue` (minor units) per `pointsLevel` points. */
export interface BurnRate {
  pointsLevel: number;
  cashValue: number;
}

/** SPEC §9: cash value = floor(points / pointsLevel) * cashValue. */
export function cashValueFor(points: number, rate: BurnRate): number {
  if (points <= 0) return 0;
  return Math.floor(points / rate.pointsLevel) * rate.cashValue;
}

/** SPEC §9: the largest whole multiple of pointsLevel within the balance. */
export function maxConvertiblePoints(balance: number, rate: BurnRate): number {
  if (balance <= 0) return 0;
  return Math.floor(balance / rate.pointsLevel) * rate.pointsLevel;
}

/** How many options the exchange dropdown shows at each end when it would show more than ten. */
const shownAtEachEnd = 5;

/**
 * SPEC §9: the dropdown's options are the multiples of pointsLevel up to the maximum; with more
 * than 10, only the first 5 and the last 5.
 */
export function exchangeOptions(balance: number, rate: BurnRate): number[] {
  const steps = maxConvertiblePoints(balance, rate) / rate.pointsLevel;
  const step = (n: number) => n * rate.pointsLevel;
  if (steps <= shownAtEachEnd * 2) return Array.from({ length: steps }, (_, i) => step(i + 1));
  return [
    ...Array.from({ length: shownAtEachEnd }, (_, i) => step(i + 1)),
    ...Array.from({ length: shownAtEachEnd }, (_, i) => step(steps - shownAtEachEnd + i + 1)),
  ];
}

/** Why an exchange is not possible (SPEC §5, §8), or null when it is. */
export type ExchangeBlock = 'underReview' | 'emailUnverified' | 'cannotConvert' | 'noPoints';

export function exchangeBlock(account: {
  underReview: boolean;
  emailIsVerified: boolean;
  accessRules: { canConvert: boolean };
  pointsBalance: number;
}): ExchangeBlock | null {
  if (account.underReview) return 'underReview';
  if (!account.emailIsVerified) return 'emailUnverified';
  if (!account.accessRules.canConvert) return 'cannotConvert';
  if (account.pointsBalance <= 0) return 'noPoints';
  return null;
}

/** SPEC §4 Card balance label: only with cash to spend; its wording depends on canRedeem. */
export type CardBalanceLabel = 'readyToSpend' | 'readyToSpendUnavailable';

export function cardBalanceLabel(cashBalance: number, canRedeem: boolean): CardBalanceLabel | null {
  if (cashBalance <= 0) return null;
  return canRedeem ? 'readyToSpend' : 'readyToSpendUnavailable';
}
