import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import type { MemberSession } from '#shared/api/sessions.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { MemoryRouter } from '../routing/router.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import { SessionsSection } from './sessions-section.tsx';

const account = { email: 'sam@example.com', accessRules: { canSignIn: true } } as unknown as Account;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function session(overrides: Partial<MemberSession>): MemberSession {
  return {
    id: crypto.randomUUID(),
    browser: 'Chrome',
    platform: 'macOS',
    signedInAt: minutesAgo(600),
    lastUsedAt: minutesAgo(0),
    current: false,
    passkey: null,
    ...overrides,
  };
}

function renderSection() {
  return render(
    <ConfigContext.Provider value={toPublicConfig(defaultConfig)}>
      <MessagesProvider locale="en-GB">
        <SessionProvider
          initialViewer={{ isAnonymous: false, account, googlePay: null, sentry: null, homeRedirect: null }}
        >
          <MemoryRouter initialEntries={['/help/security']}>
            <SessionsSection />
          </MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

function answers(...bodies: { status: number; body: unknown }[]) {
  const fetch = vi.fn();
  for (const { status, body } of bodies) {
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  }
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('where you are signed in', () => {
  it('names each browser, marks this one, says when each was last used and which passkey signed it in', async () => {
    answers({
      status: 200,
      body: {
        success: true,
        sessions: [
          session({ current: true }),
          session({ browser: 'Safari', platform: 'iPhone', lastUsedAt: minutesAgo(180) }),
          session({
            browser: null,
            platform: null,
            lastUsedAt: minutesAgo(60 * 24 * 3),
            passkey: { id: 'p1', title: 'Work laptop' },
          }),
        ],
      },
    });
    renderSection();
    const mine = await screen.findByRole('listitem', { name: 'Chrome on macOS' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).getByText(/Active now/)).toBeTruthy();
    const phone = screen.getByRole('listitem', { name: 'Safari on iPhone' });
    expect(within(phone).getByText(/Last active 3 hours ago/)).toBeTruthy();
    expect(within(phone).queryByText('This device')).toBeNull();
    const unknown = screen.getByRole('listitem', { name: 'Unknown browser' });
    expect(within(unknown).getByText(/Last active 3 days ago/)).toBeTruthy();
    expect(within(unknown).getByRole('link', { name: '“Work laptop”' }).getAttribute('href')).toBe(
      '/help/passkeys',
    );
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeTruthy();
  });

  it('a session already ended elsewhere reads as signed out, and the list is brought up to date', async () => {
    const phone = session({ browser: 'Safari', platform: 'iPhone' });
    const fetch = answers(
      { status: 200, body: { success: true, sessions: [session({ current: true }), phone] } },
      { status: 404, body: { success: false, error: 'SessionUnknown', message: 'gone' } },
      { status: 200, body: { success: true, sessions: [session({ current: true })] } },
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Safari on iPhone has been signed out.')).toBeTruthy();
    expect(await screen.findByText("You're not signed in anywhere else.")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a list that cannot be loaded says so and offers to try again', async () => {
    answers(
      { status: 500, body: { success: false, error: 'ServerError', message: 'x' } },
      { status: 200, body: { success: true, sessions: [session({ current: true })] } },
    );
    renderSection();
    expect(
      await screen.findByText("Sorry, we could not load where you're signed in. Please try again."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Chrome on macOS' })).toBeTruthy();
  });
});
