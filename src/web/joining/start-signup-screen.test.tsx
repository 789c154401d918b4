import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { acceptInviteEndpoint, acceptInviteStatusEndpoint } from '#shared/api/joining.ts';
import { testAccount } from '#tests/support/account-fixture.ts';
import { callsOf, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { Route, Routes } from '../routing/routes.tsx';
import StartSignupScreen from './start-signup-screen.tsx';

const token = 'a'.repeat(43);
const invited = 'alex@example.com';

const invitation = () =>
  on(acceptInviteStatusEndpoint, {
    success: true,
    customer: { fullName: 'Alex Morgan', email: invited, existingCustomer: false },
    invitedBy: null,
    passwordRequired: false,
  });

/** The invitation loads; `accept`, when given, answers the accept-invite call (else none is expected). */
function server(accept?: ResponseOf<typeof acceptInviteEndpoint>) {
  return stubApi(invitation(), ...(accept ? [on(acceptInviteEndpoint, accept)] : []));
}

function renderScreen() {
  return render(
    <ScreenProviders config={{ enableTelephoneNumber: false }} path={`/start-signup?token=${token}`}>
      <Routes>
        <Route path="/start-signup" element={<StartSignupScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </ScreenProviders>,
  );
}

const acceptCalls = (fetch: ReturnType<typeof server>) => callsOf(fetch, acceptInviteEndpoint);

afterEach(() => vi.unstubAllGlobals());

describe('invite accept step 1: the email field (SPEC §2, §5)', () => {
  it('invite accept: an address that is not an email is flagged on Next, and nothing is sent', async () => {
    const fetch = server();
    renderScreen();
    const field = (await screen.findByLabelText('Email address')) as HTMLInputElement;
    expect(field.value).toBe(invited);
    fireEvent.change(field, { target: { value: 'alex-at-example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Terms and marketing preferences' })).toBeNull();
    expect(acceptCalls(fetch)).toHaveLength(0);
  });

  it('invite accept: another address is asked for, and step 3 says a link was sent to confirm it', async () => {
    const fetch = server({
      success: true,
      account: testAccount({ email: invited, pendingEmail: 'alex.new@example.com' }),
      googlePay: { saveUrl: null },
    });
    renderScreen();
    const field = await screen.findByLabelText('Email address');
    fireEvent.change(field, { target: { value: 'Alex.New@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText('Would you like to hear from us by email?'), {
      target: { value: 'no' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join now' }));
    expect(
      await screen.findByText(
        "We've sent an email to alex.new@example.com: open the link in it to verify your new address. Until then we keep using the address you were invited at.",
      ),
    ).toBeTruthy();
    expect(acceptCalls(fetch)[0]).toMatchObject({
      email: 'alex.new@example.com',
    });
  });
});
