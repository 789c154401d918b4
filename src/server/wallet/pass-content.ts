import { createHash } from 'node:crypto';
import type { Account } from '#shared/api/common.ts';
import type { Config, Locale } from '#shared/config.ts';
import { formatMemberSince } from '#shared/domain/date-format.ts';
import { majorUnits } from '#shared/domain/format.ts';

/** What a member's wallet pass shows; the same data feeds the Apple pass, the Google object and the
 * fingerprint that tells a device its pass changed. */
export interface PassContent {
  fullName: string;
  cardNumber: string;
  pointsBalance: number;
  pendingPointsBalance: number;
  /** Minor units. */
  cashBalance: number;
  currency: string;
  memberSince: string;
  createdAt: string;
  /** The account was deleted: the pass is void (Apple `voided`, Google state INACTIVE) and shows nothing of the member. */
  voided: boolean;
}

export function passContent(account: Account, config: Config): PassContent {
  return {
    fullName: account.fullName,
    cardNumber: account.cardNumber,
    pointsBalance: account.pointsBalance,
    pendingPointsBalance: account.pendingPointsBalance,
    cashBalance: account.cashBalance,
    currency: account.currency,
    memberSince: formatMemberSince(account.createdAt, config.locale),
    createdAt: account.createdAt,
    voided: false,
  };
}

/** What the pass of a deleted account shows: nothing about the member, and void. */
export function voidedContent(currency: string): PassContent {
  return {
    fullName: '',
    cardNumber: '',
    pointsBalance: 0,
    pendingPointsBalance: 0,
    cashBalance: 0,
    currency,
    memberSince: '',
    createdAt: '',
    voided: true,
  };
}

/** The cash balance as the pass's currency field takes it: in major units (5 for 500 pence, 500 for ¥500). */
export function cashAmount(content: PassContent): number {
  return majorUnits(content.cashBalance, content.currency);
}

/** A change in any shown value changes the fingerprint. */
export function contentHash(content: PassContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** The pass's words, per language (Apple pass.strings; Google takes the configured locale's). */
export const passStrings = {
  'en-GB': {
    POINTS: 'Points',
    POINTS_CHANGED: 'Your points balance is now %@',
    MEMBER: 'Member',
    PENDING: 'Pending points',
    CASH: 'Cash balance',
    MEMBER_SINCE: 'Member since',
    CARD_NUMBER: 'Card number',
    DESCRIPTION: 'Membership card',
    ABOUT: 'About your card',
    ABOUT_TEXT:
      'Show this card when you shop to earn points. Points from a purchase stay pending until the returns window has passed. Your card updates itself when your balance changes.',
    ACCOUNT: 'Your account',
  },
  'da-DK': {
    POINTS: 'Point',
    POINTS_CHANGED: 'Din pointsaldo er nu %@',
    MEMBER: 'Medlem',
    PENDING: 'Afventende point',
    CASH: 'Saldo',
    MEMBER_SINCE: 'Medlem siden',
    CARD_NUMBER: 'Kortnummer',
    DESCRIPTION: 'Medlemskort',
    ABOUT: 'Om dit kort',
    ABOUT_TEXT:
      'Vis dette kort, når du handler, for at optjene point. Point fra et køb afventer, indtil returperioden er udløbet. Dit kort opdaterer sig selv, når din saldo ændres.',
    ACCOUNT: 'Din konto',
  },
} satisfies Record<Locale, Record<string, string>>;
