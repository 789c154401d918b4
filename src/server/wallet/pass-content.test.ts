import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig } from '#shared/config.ts';
import { formatMemberSince } from '#shared/domain/date-format.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { loyaltyObjects } from './google-wallet.ts';
import { cashAmount, passContent } from './pass-content.ts';

const account = testAccount;

describe('wallet pass content', () => {
  it("money: the currency's own minor units, not hundredths (JPY has none, KWD and BHD have three)", () => {
    const amount = (cashBalance: number, currency: string) =>
      cashAmount(passContent(account({ cashBalance, currency }), defaultConfig));
    expect(amount(500, 'GBP')).toBe(5);
    expect(amount(500, 'JPY')).toBe(500);
    expect(amount(1500, 'KWD')).toBe(1.5);
    expect(amount(2750, 'BHD')).toBe(2.75);
  });

  it('money on the Google pass is written in the currency, ¥500 as ¥500', () => {
    const content = passContent(account({ cashBalance: 500, currency: 'JPY' }), defaultConfig);
    const { loyaltyObject } = loyaltyObjects(
      defaultConfig,
      content,
      'https://members.example.com',
      'serial-1',
    );
    const cash = loyaltyObject.textModulesData.find((module) => module.id === 'cash_balance');
    expect(cash?.body).toBe('JP¥500');
  });

  it('member since: the same month as the web shows, in the scheme’s time zone (UTC said June)', () => {
    const joined = '2026-06-30T23:30:00Z';
    for (const locale of ['en-GB', 'da-DK'] as const) {
      const content = passContent(account({ createdAt: joined }), parseConfig({ locale }));
      expect(content.memberSince).toBe(formatMemberSince(joined, locale));
    }
    expect(passContent(account({ createdAt: joined }), defaultConfig).memberSince).toBe('July 2026');
  });
});
