import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePasswordEndpoint, passkeysEndpoint } from '#shared/api/credentials.ts';
import {
  reauthenticateWithPasswordEndpoint,
  reauthenticationStatusEndpoint,
  requestReauthenticationLinkEndpoint,
} from '#shared/api/reauthentication.ts';
import type { Locale } from '#shared/config.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { callsOf, failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { MemoryRouter } from '../routing/router.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';

const englishRefusal = 'For your security, please confirm it is you before making this change.';

function renderChangePassword(locale: Locale) {
  return render(
    <ConfigContext.Provider value={{ ...toPublicConfig(defaultConfig), locale }}>
      <MessagesProvider locale={locale}>
        <SessionProvider
          initialViewer={{
            isAnonymous: false,
            account: testAccount(),
            googlePay: null,
            sentry: null,
            homeRedirect: null,
          }}
        >
          <MemoryRouter initialEntries={['/help/security']}>
            <ChangePasswordScreen />
          </MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

const refused = failure(403, { error: 'RecentAuthenticationRequired', message: englishRefusal });

afterEach(() => vi.unstubAllGlobals());

describe('confirm it is you before a sensitive change', () => {
  it('da-DK: asks in Danish, words a wrong password in Danish, then changes the password the member typed', async () => {
    const fetch = stubApi(
      on(changePasswordEndpoint, refused, { success: true, message: 'Your password has been changed.' }),
      on(passkeysEndpoint, []),
      on(
        reauthenticateWithPasswordEndpoint,
        failure(401, { error: 'IncorrectPassword', message: "That isn't the password of your account." }),
        { success: true },
      ),
    );
    renderChangePassword('da-DK');
    fireEvent.change(screen.getByLabelText('Ny adgangskode'), { target: { value: 'my-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skift adgangskode' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bekræft, at det er dig' });
    expect(dialog.textContent).not.toContain(englishRefusal);
    fireEvent.change(screen.getByLabelText('Adgangskode'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Det er ikke adgangskoden til din konto.')).toBeTruthy();
    expect(screen.queryByText("That isn't the password of your account.")).toBeNull();

    fireEvent.change(screen.getByLabelText('Adgangskode'), { target: { value: 'current-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Din adgangskode er blevet ændret.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const changes = callsOf(fetch, changePasswordEndpoint);
    expect(changes.map((call) => call.password)).toEqual(['my-new-password', 'my-new-password']);
  });

  it('cancelling keeps what the member typed and changes nothing', async () => {
    const fetch = stubApi(on(changePasswordEndpoint, refused), on(passkeysEndpoint, []));
    renderChangePassword('en-GB');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('my-new-password');
    expect(screen.queryByText(englishRefusal)).toBeNull();
    expect(callsOf(fetch, changePasswordEndpoint)).toHaveLength(1);
  });

  it('a link by email: says where it went, and carries on once the link has been opened', async () => {
    const fetch = stubApi(
      on(changePasswordEndpoint, refused, { success: true }),
      on(passkeysEndpoint, []),
      on(requestReauthenticationLinkEndpoint, { success: true }),
      on(
        reauthenticationStatusEndpoint,
        { success: true, recentlyAuthenticated: false },
        { success: true, recentlyAuthenticated: true },
      ),
    );
    renderChangePassword('en-GB');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link instead' }));
    expect(await screen.findByText(/We've emailed a link to robin@example.com/)).toBeTruthy();
    expect(await screen.findByText('Your password has been changed.', {}, { timeout: 8000 })).toBeTruthy();
    expect(callsOf(fetch, changePasswordEndpoint)).toHaveLength(2);
  }, 10_000);
});
