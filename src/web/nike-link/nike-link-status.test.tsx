import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/api/common.ts';
import { unlinkNikeEndpoint } from '#shared/api/nike-link.ts';
import { viewerEndpoint } from '#shared/api/viewer.ts';
import type { Locale } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { useAccount } from '../session/session-context.tsx';
import { NikeLinkStatus } from './nike-link-status.tsx';

const viewerOf = (account: Account) => ({
  isAnonymous: false,
  account,
  googlePay: null,
  sentry: null,
  homeRedirect: null,
});

/** My details' Nike row for a linked member; the server answers unlinking with `unlinkAnswer`. */
function renderLinked(locale: Locale, unlinkAnswer: Parameters<typeof on<typeof unlinkNikeEndpoint>>[1]) {
  const linked = testAccount({ nikeLinked: true });
  const fetch = stubApi(
    on(unlinkNikeEndpoint, unlinkAnswer),
    on(viewerEndpoint, viewerOf({ ...linked, nikeLinked: false })),
  );
  /** Every call so far, as `METHOD path`. */
  const calls = () => fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
  // As on My details: the row follows the session's account, which refreshes after unlinking.
  function Row() {
    return <NikeLinkStatus account={useAccount()} />;
  }
  const view = render(
    <ScreenProviders locale={locale} viewer={viewerOf(linked)} path="/help/account">
      <Row />
    </ScreenProviders>,
  );
  return { view, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('My details: unlinking the sportswear (Nike) account', () => {
  it('unlink (da-DK): asks first, in Danish, then unlinks and says so', async () => {
    const user = userEvent.setup();
    const { calls } = renderLinked('da-DK', { success: true });
    expect(screen.getByTestId('nike-link-status').textContent).toBe('Forbundet');
    await user.click(screen.getByRole('button', { name: 'Fjern forbindelsen' }));
    const dialog = screen.getByRole('dialog', { name: 'Fjern forbindelsen til din Nike-konto?' });
    expect(dialog.textContent).toContain('vi beder Nike om at fjerne vores adgang');
    expect(calls().filter((call) => call.includes('unlink'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Fjern forbindelsen til Nike-kontoen' }));
    expect(
      await screen.findByText('Din Nike-konto er ikke længere forbundet med dit medlemskab.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls().filter((call) => call.includes('unlink'))).toEqual(['POST /api/unlink-nike']);
    expect(screen.getByTestId('nike-link-status').textContent).toBe('Ikke forbundet');
    expect(screen.getByRole('link', { name: 'Forbind din Nike-konto' }).getAttribute('href')).toBe(
      '/link-with-nike',
    );
  });

  it('unlink (en-GB): keeping it linked sends nothing; a failure shows the catalogue’s words, not the server’s', async () => {
    const user = userEvent.setup();
    const { calls } = renderLinked('en-GB', failure(503, { error: 'Unavailable', message: 'server words' }));
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(screen.getByRole('button', { name: 'Keep it linked' })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'Keep it linked' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls().some((call) => call.includes('unlink'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await user.click(screen.getByRole('button', { name: 'Unlink Nike account' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain(
        'Sorry, this is not available at the moment. Please try again later.',
      ),
    );
    expect(screen.getByRole('dialog').textContent).not.toContain('server words');
    expect(screen.getByTestId('nike-link-status').textContent).toBe('Linked');
  });
});
