import type { Account } from '../../src/shared/api/common.ts';

/** A complete §3 Account for component tests; pass only what the test is about. */
export function testAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 'a1',
    loyaltyId: '6301000000014',
    cardNumber: '6301000000014',
    fullName: 'Robin Hale',
    email: 'robin@example.com',
    telephoneNumber: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    pin: null,
    emailIsVerified: true,
    emailVerified: true,
    emailVerificationRequestResendAvailable: false,
    currency: 'GBP',
    cashBalance: 0,
    maxAvailableCashValue: 0,
    pointsBalance: 0,
    pendingPointsBalance: 0,
    vipLevel: null,
    isCredit: false,
    underReview: false,
    homeOrigin: null,
    accessRules: { canRedeem: true, canConvert: true, canSignIn: true },
    membership: {
      marketingConsent: 'unknown',
      marketingConsentWhatsApp: 'unknown',
      type: { name: 'personal-shopping', allowedCurrencies: ['GBP'] },
    },
    ...overrides,
  };
}
