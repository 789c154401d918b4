import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPageEndpoint } from '#shared/api/account.ts';
import { completeSignupEndpoint } from '#shared/api/joining.ts';
import { googlePayPassEndpoint } from '#shared/api/wallet.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { AppRoutes } from '../routes.tsx';
import { MemoryRouter, useLocation } from '../routing/router.tsx';
import { SessionProvider, useSession } from '../session/session-context.tsx';

const account = testAccount({ fullName: 'Vic Store', email: 'vic@example.com' });

/** Where the app is, and whether the session is signed in: what the member would notice. */
function Probe() {
  const { pathname } = useLocation();
  const { state } = useSession();
  return (
    <output data-testid="probe">
      {pathname} {state.status}
    </output>
  );
}

/** The whole app at `path`, signed out or (with `signedIn`) already signed in as the member. */
function renderApp(path: string, signedIn = false) {
  return render(
    <ConfigContext.Provider value={{ ...toPublicConfig(defaultConfig), guidedSignupEnabled: true }}>
      <MessagesProvider locale="en-GB">
        <SessionProvider
          initialViewer={{
            isAnonymous: !signedIn,
            account: signedIn ? account : null,
            googlePay: null,
            sentry: null,
            homeRedirect: null,
          }}
        >
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes status={200} />
            <Probe />
          </MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('guided signup completion (SPEC §2, §4)', () => {
  it('the completion signs the member in at once: the onboarding stays, and the Google Wallet badge does not send them to sign in', async () => {
    stubApi(
      on(completeSignupEndpoint, { success: true, account, googlePay: { saveUrl: null } }),
      // Not this test's business: the wallet page only has to stay, signed in.
      on(googlePayPassEndpoint, failure(503, { error: 'Unavailable' })),
    );
    renderApp('/complete-signup?token=t0ken&email=vic%40example.com');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the club' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe('/complete-signup authenticated');

    fireEvent.click(screen.getByRole('link', { name: 'Add to Google Wallet' }));
    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe('/add-to-google-wallet authenticated'),
    );
    // Still there once the screen has loaded and decided (a signed-out visitor is sent to /signin).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('probe').textContent).toBe('/add-to-google-wallet authenticated');
  });

  it('a member already signed in when the page opens is sent away (SPEC §6; here to the page `next` names)', async () => {
    // Sent away before anything is asked of the completion: only the page it lands on loads.
    stubApi(on(publicPageEndpoint, { success: true, markdown: '# FAQ' }));
    renderApp('/complete-signup?token=t0ken&email=vic%40example.com&next=%2Fhelp%2Ffaq', true);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('/help/faq authenticated'));
  });
});
