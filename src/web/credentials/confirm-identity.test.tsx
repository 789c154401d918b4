import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/config.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
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

type Reply = [number, unknown];

/** A fake server: each path answers its replies in turn (the last one repeats); every call is kept. */
function fakeServer(replies: Record<string, Reply[]>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input).split('?')[0] ?? '';
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const queue = replies[path] ?? [[404, { success: false }]];
    const [status, body] = (queue.length > 1 ? queue.shift() : queue[0]) as Reply;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const refused: Reply = [
  403,
  { success: false, error: 'RecentAuthenticationRequired', message: englishRefusal },
];

afterEach(() => vi.unstubAllGlobals());

describe('confirm it is you before a sensitive change', () => {
  it('da-DK: asks in Danish, words a wrong password in Danish, then changes the password the member typed', async () => {
    const calls = fakeServer({
      '/api/change-password': [refused, [200, { success: true, message: 'Your password has been changed.' }]],
      '/api/passkeys': [[200, []]],
      '/api/reauthenticate/password': [
        [
          401,
          { success: false, error: 'IncorrectPassword', message: "That isn't the password of your account." },
        ],
        [200, { success: true }],
      ],
    });
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
    const changes = calls.filter((call) => call.path === '/api/change-password');
    expect(changes.map((call) => call.body.password)).toEqual(['my-new-password', 'my-new-password']);
  });

  it('cancelling keeps what the member typed and changes nothing', async () => {
    const calls = fakeServer({ '/api/change-password': [refused], '/api/passkeys': [[200, []]] });
    renderChangePassword('en-GB');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('my-new-password');
    expect(screen.queryByText(englishRefusal)).toBeNull();
    expect(calls.filter((call) => call.path === '/api/change-password')).toHaveLength(1);
  });

  it('a link by email: says where it went, and carries on once the link has been opened', async () => {
    const calls = fakeServer({
      '/api/change-password': [refused, [200, { success: true }]],
      '/api/passkeys': [[200, []]],
      '/api/reauthenticate/request-link': [[200, { success: true }]],
      '/api/reauthentication': [
        [200, { success: true, recentlyAuthenticated: false }],
        [200, { success: true, recentlyAuthenticated: true }],
      ],
    });
    renderChangePassword('en-GB');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link instead' }));
    expect(await screen.findByText(/We've emailed a link to robin@example.com/)).toBeTruthy();
    expect(await screen.findByText('Your password has been changed.', {}, { timeout: 8000 })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/change-password')).toHaveLength(2);
  }, 10_000);
});
