import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import { changePasswordEndpoint, passwordResetEndpoint } from '#shared/api/credentials.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { failure, notJson, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { MemoryRouter } from '../routing/router.tsx';
import { Route, Routes } from '../routing/routes.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';
import SetNewPasswordScreen from './set-new-password-screen.tsx';

const account = { email: 'sam@example.com', accessRules: { canSignIn: true } } as unknown as Account;

function renderAt(path: string, element: ReactNode) {
  return render(
    <ConfigContext.Provider value={toPublicConfig(defaultConfig)}>
      <MessagesProvider locale="en-GB">
        <SessionProvider
          initialViewer={{ isAnonymous: false, account, googlePay: null, sentry: null, homeRedirect: null }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={element} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('change password (SPEC §5, §8)', () => {
  it('under 8 characters the field is flagged and nothing is sent', () => {
    const fetch = stubApi(on(changePasswordEndpoint, { success: true }));
    renderAt('/help/security', <ChangePasswordScreen />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'seven77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a failure without a code (a proxy's error page) shows the §8 fallback", async () => {
    stubApi(on(changePasswordEndpoint, notJson(502)));
    renderAt('/help/security', <ChangePasswordScreen />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Sorry, could not set new password, please try again.')).toBeTruthy();
  });
});

describe('set new password (SPEC §5, §8)', () => {
  const path = '/set-new-password?email=sam%40example.com&token=abc';

  it('under 6 characters nothing is sent', () => {
    const fetch = stubApi(on(passwordResetEndpoint, { success: true }));
    renderAt(path, <SetNewPasswordScreen />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'five5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByText('Use at least 6 characters')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('invalidPassword clears the field', async () => {
    stubApi(
      on(
        passwordResetEndpoint,
        failure(400, {
          error: 'InvalidPassword',
          invalidPassword: true,
          message: 'English words the screen must not show',
        }),
      ),
    );
    renderAt(path, <SetNewPasswordScreen />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText("The password you entered doesn't meet the requirements")).toBeTruthy();
    expect(input.value).toBe('');
  });

  it('an expired link keeps the page busy', async () => {
    stubApi(
      on(
        passwordResetEndpoint,
        failure(400, {
          error: 'LinkExpired',
          isExpired: true,
          message: 'English words the screen must not show',
        }),
      ),
    );
    renderAt(path, <SetNewPasswordScreen />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(
      await screen.findByText(
        'This password reset link has expired or has already been used. Please request a new one.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saving…' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it('without email or token it offers a new link', () => {
    renderAt('/set-new-password', <SetNewPasswordScreen />);
    expect(
      screen.getByText('This password reset link is incomplete. Please request a new one.'),
    ).toBeTruthy();
  });
});
