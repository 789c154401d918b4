import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentHistoryEndpoint } from '#shared/api/privacy.ts';
import type { PublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import PrivacyCentreScreen from './privacy-centre-screen.tsx';

function renderCentre(
  history: Parameters<typeof on<typeof consentHistoryEndpoint>>[1],
  config: Partial<PublicConfig> = {},
) {
  stubApi(on(consentHistoryEndpoint, history));
  const account = testAccount({
    membership: {
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
      type: { name: 'personal-shopping', allowedCurrencies: ['GBP'] },
    },
  });
  return render(
    <ScreenProviders
      viewer={{ isAnonymous: false, account, googlePay: null, sentry: null, homeRedirect: null }}
      path="/help/privacy"
      config={config}
    >
      <PrivacyCentreScreen />
    </ScreenProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('privacy centre', () => {
  it('lists the consent history with where each answer was given', async () => {
    renderCentre({
      success: true,
      history: [
        {
          channel: 'email',
          choice: 'consent',
          place: 'my-details',
          recordedAt: '2026-11-20T10:00:00.000Z',
        },
        {
          channel: 'whatsapp',
          choice: 'decline',
          place: 'joining-in-store',
          recordedAt: '2026-01-05T10:00:00.000Z',
        },
      ],
    });
    expect(await screen.findByText('My details')).toBeTruthy();
    expect(screen.getByText('At joining, in store')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('says so when there is no history yet, and when it could not be loaded', async () => {
    renderCentre({ success: true, history: [] });
    expect(await screen.findByText('You have not made any choices about marketing yet.')).toBeTruthy();
    vi.unstubAllGlobals();
    cleanup();
    renderCentre(failure(500, { error: 'ServerError', message: 'x' }));
    expect(
      await screen.findByText('Sorry, we could not load your consent history, please try again.'),
    ).toBeTruthy();
  });

  it('offers one-tap withdrawal only for a channel the member said yes to', async () => {
    renderCentre({ success: true, history: [] });
    expect(await screen.findByRole('button', { name: 'Stop marketing emails' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop WhatsApp messages' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeTruthy();
  });

  it('without telephone numbers, WhatsApp is not offered (SPEC §4)', async () => {
    renderCentre({ success: true, history: [] }, { enableTelephoneNumber: false });
    await screen.findByRole('button', { name: 'Stop marketing emails' });
    expect(screen.queryByText('WhatsApp')).toBeNull();
  });
});

describe('contact block', () => {
  function renderBlock(config: Partial<PublicConfig>, personalShopper: string | null = null) {
    return render(
      <ScreenProviders
        viewer={{
          isAnonymous: false,
          account: testAccount({ personalShopper }),
          googlePay: null,
          sentry: null,
          homeRedirect: null,
        }}
        path="/help/account"
        config={config}
      >
        <ContactBlock />
      </ScreenProviders>,
    );
  }

  it('links the phone (tel:) and email (mailto:), with the opening hours (the personal shopper has a section of their own)', () => {
    renderBlock(
      {
        customerServicesPhone: '+44 20 7946 0000',
        customerServicesEmail: 'care@example.com',
        customerServicesHours: 'Monday to Saturday, 9am to 6pm',
      },
      'Sophie at Bond Street',
    );
    expect(screen.getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe(
      'tel:+442079460000',
    );
    expect(screen.getByRole('link', { name: 'care@example.com' }).getAttribute('href')).toBe(
      'mailto:care@example.com',
    );
    expect(screen.getByText('Monday to Saturday, 9am to 6pm')).toBeTruthy();
    expect(screen.queryByText('Sophie at Bond Street')).toBeNull();
  });

  it('with nothing configured, points at the stores and Help and FAQ (no invented number)', () => {
    renderBlock({});
    expect(screen.getByText('Ask in any of our stores, or see Help and FAQ.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help and FAQ' }).getAttribute('href')).toBe('/help/faq');
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
  });
});
