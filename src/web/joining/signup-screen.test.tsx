import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signupEndpoint } from '#shared/api/joining.ts';
import type { Locale } from '#shared/config.ts';
import { failure, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import SignupScreen from './signup-screen.tsx';

/** The sign-up call fails with `status` and `body`. */
function server(status: number, body: Parameters<typeof failure>[1]) {
  return stubApi(on(signupEndpoint, failure(status, body)));
}

function renderScreen(locale: Locale = 'en-GB') {
  return render(
    <ScreenProviders
      path="/signup"
      locale={locale}
      config={{ locale, enableMagicLinkLogins: false, selfSignupEnabled: true }}
    >
      <SignupScreen />
    </ScreenProviders>,
  );
}

/** Fills step 1 and step 2 (in the words of `labels`) and presses Sign up. */
async function signUp(labels: {
  name: string;
  email: string;
  password: string;
  next: string;
  consent: string;
}) {
  fireEvent.change(screen.getByLabelText(labels.name), { target: { value: 'Nia Self' } });
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: 'nia@example.com' } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'password' } });
  fireEvent.click(screen.getByRole('button', { name: labels.next }));
  fireEvent.change(await screen.findByLabelText(labels.consent), { target: { value: 'no' } });
  for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
  fireEvent.submit(screen.getByRole('button', { name: /Sign up|Tilmeld dig/ }));
}

afterEach(() => vi.unstubAllGlobals());

describe('self sign-up failures (SPEC §4, §8)', () => {
  it('a refused password goes back to step 1, cleared, flagged and focused, with the §8 words', async () => {
    server(400, {
      error: 'InvalidPassword',
      invalidPassword: true,
      message: 'A server sentence nobody should see.',
    });
    renderScreen();
    await signUp({
      name: 'Full name',
      email: 'Email address',
      password: 'Choose a password',
      next: 'Next',
      consent: 'Would you like to hear from us by email?',
    });
    expect(await screen.findByText('Step 1 of 2')).toBeTruthy();
    const password = screen.getByLabelText('Choose a password') as HTMLInputElement;
    expect(screen.getAllByRole('alert')[0]?.textContent?.trim()).toBe(
      "The password you entered doesn't meet the requirements",
    );
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByText('A server sentence nobody should see.')).toBeNull();
  });

  it('under da-DK a failure shows the Danish words for its code, never the English sentence', async () => {
    server(429, { error: 'TooManyRequests', message: 'Too many sign-ups from here.' });
    renderScreen('da-DK');
    await signUp({
      name: 'Fulde navn',
      email: 'E-mailadresse',
      password: 'Vælg en adgangskode',
      next: 'Næste',
      consent: 'Vil du gerne høre fra os på e-mail?',
    });
    expect(
      await screen.findByText(
        'Der er kommet mange forespørgsler fra din forbindelse. Vent et par minutter, og prøv igen.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Too many sign-ups from here.')).toBeNull();
  });
});
