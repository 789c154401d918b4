import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultConfig, type PublicConfig, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { MembershipCard } from './membership-card.tsx';

const account = {
  cardNumber: '6300001000011',
  fullName: 'Ana Ruiz',
  cashBalance: 1_250,
  currency: 'GBP',
  vipLevel: '20%' as string | null,
  accessRules: { canRedeem: true, canConvert: true, canSignIn: true },
};

function renderCard(overrides: Partial<PublicConfig>, card: Partial<typeof account> = {}) {
  const config = { ...toPublicConfig(defaultConfig), ...overrides };
  return render(
    <ConfigContext.Provider value={config}>
      <MessagesProvider locale={config.locale}>
        <MembershipCard account={{ ...account, ...card }} onOpenBarcode={() => undefined} />
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

describe('MembershipCard (SPEC §2, §4 Card balance label)', () => {
  it('card: exchange off shows the brand graphic, no balance, no discount, and the barcode is not a button', () => {
    renderCard({ enablePointsExchange: false });
    expect(screen.getByTestId('brand-graphic')).toBeTruthy();
    expect(screen.queryByText('£12.50')).toBeNull();
    expect(screen.queryByText('Discount: 20%')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the barcode to scan' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Card number 6300001000011' })).toBeTruthy();
  });

  it('card: exchange on shows the balance with "ready to spend", the discount, and a tappable barcode', () => {
    renderCard({ enablePointsExchange: true });
    expect(screen.getByText('£12.50')).toBeTruthy();
    expect(screen.getByText('ready to spend')).toBeTruthy();
    expect(screen.getByText('Discount: 20%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the barcode to scan' })).toBeTruthy();
  });

  it('card: without canRedeem the label reads "ready to spend unavailable"; a zero balance has none', () => {
    const { unmount } = renderCard(
      { enablePointsExchange: true },
      { accessRules: { ...account.accessRules, canRedeem: false } },
    );
    expect(screen.getByText('ready to spend unavailable')).toBeTruthy();
    unmount();
    renderCard({ enablePointsExchange: true }, { cashBalance: 0, vipLevel: null });
    expect(screen.queryByText(/ready to spend/)).toBeNull();
    expect(screen.queryByText(/Discount/)).toBeNull();
  });
});
