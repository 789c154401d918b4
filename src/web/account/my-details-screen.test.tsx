import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import MyDetailsScreen from './my-details-screen.tsx';

function renderScreen(account: Account) {
  // My details asks the server nothing on its own: the viewer carries the account.
  stubApi();
  return render(
    <ScreenProviders
      viewer={{ isAnonymous: false, account, googlePay: null, sentry: null, homeRedirect: null }}
      path={'/help/account'}
    >
      <MyDetailsScreen />
    </ScreenProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('my details: a new address waiting for its link (docs/decisions/0014-new-address-is-proven-only.md)', () => {
  it('my details: the proven address stays, verified; the new one is shown as waiting, with a resend button', async () => {
    renderScreen(
      testAccount({
        email: 'robin@example.com',
        pendingEmail: 'robin.new@example.com',
        emailVerificationRequestResendAvailable: true,
      }),
    );
    expect(await screen.findByText('robin@example.com')).toBeTruthy();
    expect(screen.getByText(/Verified/)).toBeTruthy();
    expect(
      screen.getByText(
        "We're waiting for you to confirm robin.new@example.com: open the link we sent there. Until then we keep using the address above.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /send/i })).toBeTruthy();
  });

  it('my details: with nothing waiting, a verified address shows only the verified badge', async () => {
    renderScreen(testAccount({ pendingEmail: null }));
    expect(await screen.findByText(/Verified/)).toBeTruthy();
    expect(screen.queryByText(/waiting for you to confirm/)).toBeNull();
  });
});
