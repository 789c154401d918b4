import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionsEndpoint } from '#shared/api/points.ts';
import type { Locale } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import HomeScreen from './home-screen.tsx';

function renderHome(walletPresence: 'in-wallet' | 'removed' | null, locale: Locale = 'en-GB') {
  // Home's recent activity: none yet.
  stubApi(on(transactionsEndpoint, []));
  return render(
    <ScreenProviders
      locale={locale}
      viewer={{
        isAnonymous: false,
        account: testAccount(),
        googlePay: null,
        sentry: null,
        homeRedirect: null,
        walletPresence,
      }}
    >
      <HomeScreen />
    </ScreenProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

// The card draws its barcode on a canvas, which jsdom has not got.
vi.mock('../points/membership-card.tsx', () => ({ MembershipCard: () => null }));

describe('Home: the card in a wallet', () => {
  it('in a wallet: "In your wallet ✓" instead of the badges', async () => {
    renderHome('in-wallet');
    expect(await screen.findByText('In your wallet ✓')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
  });

  it('removed: offers to re-add it, with the badges', async () => {
    renderHome('removed');
    expect(await screen.findByText('Your card was removed from your wallet. Re-add it:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' })).toBeTruthy();
  });

  it('never in a wallet: only the badges', async () => {
    renderHome(null);
    expect(await screen.findByRole('link', { name: 'Add to Apple Wallet' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-presence')).toBeNull();
  });

  it('da-DK: the same in Danish', async () => {
    renderHome('in-wallet', 'da-DK');
    expect(await screen.findByText('I din wallet ✓')).toBeTruthy();
    renderHome('removed', 'da-DK');
    expect(await screen.findByText('Dit kort er fjernet fra din wallet. Tilføj det igen:')).toBeTruthy();
  });
});
