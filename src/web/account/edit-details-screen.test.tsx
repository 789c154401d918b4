import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateAccountEndpoint } from '#shared/api/account.ts';
import type { Account } from '#shared/api/common.ts';
import type { ViewerResponse } from '#shared/api/viewer.ts';
import { defaultConfig, type PublicConfig, toPublicConfig } from '#shared/config.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { callsOf, notJson, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { MemoryRouter, useLocation } from '../routing/router.tsx';
import { Route, Routes } from '../routing/routes.tsx';
import { SessionProvider, useSession } from '../session/session-context.tsx';
import EditDetailsScreen from './edit-details-screen.tsx';

const account: Account = testAccount({
  membership: {
    marketingConsent: 'consent',
    marketingConsentWhatsApp: 'decline',
    type: { name: 'personal-shopping', allowedCurrencies: ['GBP', 'EUR'] },
  },
});

function Where() {
  const location = useLocation();
  const { state } = useSession();
  return (
    <output data-testid="where">
      {location.pathname}|{state.status}|
      {(location.state as { modalMessage?: string } | null)?.modalMessage ?? ''}
    </output>
  );
}

function renderScreen(config: Partial<PublicConfig>, member: Account = account) {
  const viewer: ViewerResponse = {
    isAnonymous: false,
    account: member,
    googlePay: null,
    sentry: null,
    homeRedirect: null,
  };
  return render(
    <ConfigContext.Provider value={{ ...toPublicConfig(defaultConfig), ...config }}>
      <MessagesProvider locale="en-GB">
        <SessionProvider initialViewer={viewer}>
          <MemoryRouter initialEntries={['/help/account-details']}>
            <Routes>
              <Route path="/help/account-details" element={<EditDetailsScreen />} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

function answer(reply: Parameters<typeof on<typeof updateAccountEndpoint>>[1]) {
  return stubApi(on(updateAccountEndpoint, reply));
}

describe('edit details (SPEC §2, §4, §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edit details: a credit account is sent to /', () => {
    renderScreen({}, { ...account, isCredit: true });
    expect(where()).toMatch(/^\/\|authenticated/);
  });

  it('edit details: the currency can change only when several are allowed and the current one is listed', () => {
    renderScreen({});
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(false);
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
  });

  it('edit details: a currency outside the allowed list locks the choice', () => {
    renderScreen({}, { ...account, currency: 'DKK' });
    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('DKK');
  });

  it('edit details: success goes to / with the modal message; the update is sent with every field', async () => {
    const withNumber = { ...account, telephoneNumber: '+44 7700 900123' };
    const fetch = answer({ success: true, message: 'Your details have been updated.', account: withNumber });
    renderScreen({}, withNumber);
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(where()).toBe('/|authenticated|Your details have been updated.');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(callsOf(fetch, updateAccountEndpoint)[0]).toMatchObject({
      name: 'Robin Hale',
      email: 'robin@example.com',
      currency: 'EUR',
      marketingConsent: 'consent',
      marketingConsentWhatsApp: 'decline',
      telephoneNumber: '+44 7700 900123',
    });
  });

  it('edit details: WhatsApp is offered only once a number is given; a number not of the UK is flagged and not sent', async () => {
    const fetch = answer({ success: true, message: 'Your details have been updated.', account });
    renderScreen({});
    expect(screen.queryByRole('checkbox', { name: /WhatsApp/ })).toBeNull();
    expect(screen.queryByText('WhatsApp')).toBeNull();
    fireEvent.change(screen.getByLabelText('Telephone number'), { target: { value: '12345' } });
    expect(screen.getByText('WhatsApp')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(screen.getByText('Enter a UK telephone number, like 07700 900123.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('edit details: an answer whose account cannot sign in drops the session (§4)', async () => {
    answer({
      success: true,
      account: { ...account, currency: 'EUR', accessRules: { ...account.accessRules, canSignIn: false } },
    });
    renderScreen({});
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(where()).toMatch(/^\/\|anonymous/);
  });

  it('edit details: a failure shows the server message or the update technical problem', async () => {
    // A failure the screen has no words of its own for (a proxy's page): its technical-problem words.
    answer(notJson(502));
    renderScreen({});
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Sorry, we could not update your details, please try again.',
    );
    expect(where()).toMatch(/^\/help\/account-details/);
  });
});
