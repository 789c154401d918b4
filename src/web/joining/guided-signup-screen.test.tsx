import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guidedSignupEndpoint } from '#shared/api/joining.ts';
import { type ContractCall, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import GuidedSignupScreen from './guided-signup-screen.tsx';

function renderScreen() {
  return render(
    <ScreenProviders
      path="/store/signup"
      config={{ locale: 'en-GB', guidedSignupEnabled: true, enableTelephoneNumber: true }}
    >
      <GuidedSignupScreen />
    </ScreenProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the in-store sign-up with telephone numbers on', () => {
  it('offers WhatsApp only once a number is typed, flags a number not of the country, and sends both', async () => {
    const calls: ContractCall[] = [];
    stubApi(
      on(guidedSignupEndpoint, (call) => {
        calls.push(call);
        return { success: true, emailSent: true };
      }),
    );
    renderScreen();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Gwen Store' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'gwen@example.com' } });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    // No number: one question on email, no WhatsApp.
    expect(screen.queryByRole('checkbox', { name: 'WhatsApp' })).toBeNull();
    expect(screen.getByLabelText('Would you like to hear from us by email?')).toBeTruthy();

    const phone = screen.getByLabelText('Telephone number (optional)');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a UK telephone number, like 07700 900123.')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(calls).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '07700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/We have emailed gwen@example.com/)).toBeTruthy();
    expect(calls[0]?.payload).toMatchObject({
      allowMarketing: false,
      allowMarketingWhatsApp: true,
      telephoneNumber: '07700 900123',
    });
  });
});
