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
