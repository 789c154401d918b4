import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import { endSessionEndpoint, type MemberSession, sessionsEndpoint } from '#shared/api/sessions.ts';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { callsOf, failure, on, stubApi } from '#tests/support/contract-fetch.ts';
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

afterEach(() => vi.unstubAllGlobals());

describe('where you are signed in', () => {
  it('names each browser, marks this one, says when each was last used and which passkey signed it in', async () => {
    stubApi(
      on(sessionsEndpoint, {
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
      }),
    );
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
    const fetch = stubApi(
      on(
        sessionsEndpoint,
        { success: true, sessions: [session({ current: true }), phone] },
        { success: true, sessions: [session({ current: true })] },
      ),
      on(endSessionEndpoint, failure(404, { error: 'SessionUnknown', message: 'gone' })),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Safari on iPhone has been signed out.')).toBeTruthy();
    expect(await screen.findByText("You're not signed in anywhere else.")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(callsOf(fetch, endSessionEndpoint)).toHaveLength(1);
  });

  it('a list that cannot be loaded says so and offers to try again', async () => {
    stubApi(
      on(sessionsEndpoint, failure(500, { error: 'ServerError', message: 'x' }), {
        success: true,
        sessions: [session({ current: true })],
      }),
    );
    renderSection();
    expect(
      await screen.findByText("Sorry, we could not load where you're signed in. Please try again."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Chrome on macOS' })).toBeTruthy();
  });
});
