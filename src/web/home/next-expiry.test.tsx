import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { pointsExpiryEndpoint } from '#shared/api/points.ts';
import type { Locale } from '#shared/config.ts';
import { on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { NextExpiry } from './next-expiry.tsx';

function renderNextExpiry(
  months: number | null,
  next: ResponseOf<typeof pointsExpiryEndpoint>['next'],
  locale: Locale = 'en-GB',
) {
  const fetch = stubApi(on(pointsExpiryEndpoint, { next }));
  render(
    <ScreenProviders locale={locale} config={{ locale, pointsExpiry: { months, reminderDays: 30 } }}>
      <NextExpiry pointsBalance={1_000} />
    </ScreenProviders>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("Home's next expiry", () => {
  it('points expiry on: "250 points expire on 1st March", the date as the history writes it', async () => {
    const year = new Date().getFullYear();
    renderNextExpiry(12, { points: 1_250, expiresOn: `${year}-03-01` });
    expect((await screen.findByTestId('next-expiry')).textContent).toBe('1,250 points expire on 1st March');
  });

  it('da-DK: in Danish, with the year when it is not this year', async () => {
    const year = new Date().getFullYear() + 1;
    renderNextExpiry(12, { points: 250, expiresOn: `${year}-03-01` }, 'da-DK');
    expect((await screen.findByTestId('next-expiry')).textContent).toBe(
      `250 point udløber den 1. marts ${year}`,
    );
  });

  it('nothing due: nothing shown', async () => {
    const fetch = renderNextExpiry(12, null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('next-expiry')).toBeNull();
  });

  it('points expiry off: nothing shown and nothing asked', () => {
    const fetch = renderNextExpiry(null, { points: 250, expiresOn: '2030-03-01' });
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('next-expiry')).toBeNull();
  });
});
