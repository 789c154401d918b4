import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MarketingConsentValue } from '#shared/domain/consent.ts';
import { MarketingConsentField } from './marketing-consent-field.tsx';

function Harness({
  telephoneEnabled,
  showErrors = false,
}: {
  telephoneEnabled: boolean;
  showErrors?: boolean;
}) {
  const [value, setValue] = useState<MarketingConsentValue>({ email: 'unknown', whatsapp: 'unknown' });
  return (
    <>
      <MarketingConsentField
        value={value}
        onChange={setValue}
        telephoneEnabled={telephoneEnabled}
        showErrors={showErrors}
      />
      <output data-testid="value">{`${value.email}/${value.whatsapp}`}</output>
    </>
  );
}

const current = () => screen.getByTestId('value').textContent;

describe('marketing consent control (SPEC §4)', () => {
  it('with telephone numbers: Email, WhatsApp and No toggle as the state machine says', () => {
    render(<Harness telephoneEnabled />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(current()).toBe('consent/decline');
    fireEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    expect(current()).toBe('consent/consent');
    fireEvent.click(screen.getByRole('checkbox', { name: 'No, thanks' }));
    expect(current()).toBe('decline/decline');
    expect((screen.getByRole('checkbox', { name: 'No, thanks' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(false);
  });

  it('without telephone numbers: one yes/no on email, "Please choose" only while unanswered', () => {
    render(<Harness telephoneEnabled={false} />);
    expect(screen.queryByRole('checkbox', { name: 'WhatsApp' })).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Would you like to hear from us by email?' });
    expect(screen.getByRole('option', { name: 'Please choose' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'yes' } });
    expect(current()).toBe('consent/unknown');
    expect(screen.queryByRole('option', { name: 'Please choose' })).toBeNull();
    fireEvent.change(select, { target: { value: 'no' } });
    expect(current()).toBe('decline/unknown');
  });

  it('flags the options with a message while unanswered and errors are shown (§5)', () => {
    render(<Harness telephoneEnabled showErrors />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Please tell us whether you would like to hear from us.',
    );
    expect(screen.getByRole('checkbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
