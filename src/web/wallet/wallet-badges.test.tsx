import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type Locale, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '../config-context.tsx';
import { loadMessages, MessagesProvider } from '../i18n/messages.tsx';
import { MemoryRouter } from '../routing/router.tsx';
import { type OtherPass, PassWalletBadges } from './pass-wallet-badges.tsx';
import { WalletBadges } from './wallet-badges.tsx';

function renderBadges(locale: Locale, token?: string, pass?: OtherPass) {
  const config = { ...toPublicConfig(defaultConfig), locale };
  return render(
    <MemoryRouter>
      <ConfigContext.Provider value={config}>
        <MessagesProvider locale={locale}>
          {pass ? <PassWalletBadges pass={pass} /> : <WalletBadges token={token} />}
        </MessagesProvider>
      </ConfigContext.Provider>
    </MemoryRouter>,
  );
}

beforeAll(() => loadMessages('da-DK'));

describe('wallet badges (SPEC §2 Add to Google Wallet page, §9)', () => {
  it('badges: Apple is a plain link to /api/passkit, Google links to /add-to-google-wallet, both 150x46', () => {
    renderBadges('en-GB');
    const apple = screen.getByRole('link', { name: 'Add to Apple Wallet' });
    const google = screen.getByRole('link', { name: 'Add to Google Wallet' });
    expect(apple.getAttribute('href')).toBe('/api/passkit');
    expect(google.getAttribute('href')).toBe('/add-to-google-wallet');
    for (const link of [apple, google]) {
      const art = link.querySelector('img');
      expect(art?.getAttribute('width')).toBe('150');
      expect(art?.getAttribute('height')).toBe('46');
      expect(art?.getAttribute('src')).toMatch(/-en-GB\.svg/);
    }
  });

  it('badges: under da-DK they show the Danish variants (SPEC §1)', () => {
    renderBadges('da-DK');
    for (const name of ['Føj til Apple Wallet', 'Føj til Google Wallet']) {
      const art = screen.getByRole('link', { name }).querySelector('img');
      expect(art?.getAttribute('src')).toMatch(/-da-DK\.svg/);
    }
  });

  it('badges: the onboarding token is carried on both links', () => {
    renderBadges('en-GB', 'tok/en+1');
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe(
      '/api/passkit?token=tok%2Fen%2B1',
    );
    expect(screen.getByRole('link', { name: 'Add to Google Wallet' }).getAttribute('href')).toBe(
      '/add-to-google-wallet?token=tok%2Fen%2B1',
    );
  });

  it('badges for another pass (an event ticket): the same artwork, its own download, its words, and Google as a button', () => {
    const onGoogle = vi.fn();
    renderBadges('da-DK', undefined, {
      appleHref: '/api/events/e1/ticket.pkpass',
      onGoogle,
      label: 'Føj din billet til din telefon',
      appleLabel: 'Føj din billet til Apple Wallet',
      googleLabel: 'Føj din billet til Google Wallet',
    });
    expect(screen.getByRole('navigation', { name: 'Føj din billet til din telefon' })).toBeDefined();
    const apple = screen.getByRole('link', { name: 'Føj din billet til Apple Wallet' });
    expect(apple.getAttribute('href')).toBe('/api/events/e1/ticket.pkpass');
    const google = screen.getByRole('button', { name: 'Føj din billet til Google Wallet' });
    for (const badge of [apple, google])
      expect(badge.querySelector('img')?.getAttribute('src')).toMatch(/-da-DK\.svg/);
    fireEvent.click(google);
    expect(onGoogle).toHaveBeenCalledOnce();
  });
});
