import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPageEndpoint } from '#shared/api/account.ts';
import { on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import TermsScreen from './terms-screen.tsx';

const terms = [
  '## 1. Who can join',
  '',
  'Write to first_name_last@example.com; 5 * 3 * 2 points.',
  '',
  '| Tier | Points |',
  '| --- | --- |',
  '| Gold | 500 |',
  '',
  '[click](javascript:alert(1)) <script>window.injected = true</script> <img src=x onerror="window.injected = true">',
].join('\n');

afterEach(() => vi.unstubAllGlobals());

describe('public page (terms) from a replaceable Markdown file', () => {
  it('shows headings, tables and mail links, and no markup from the file', async () => {
    stubApi(on(publicPageEndpoint, { success: true, markdown: terms }));
    const { container } = render(
      <ScreenProviders>
        <TermsScreen />
      </ScreenProviders>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: '1. Who can join' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Gold' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'first_name_last@example.com' }).getAttribute('href')).toBe(
      'mailto:first_name_last@example.com',
    );
    expect(screen.getByText(/5 \* 3 \* 2 points/)).toBeTruthy();
    expect(container.querySelector('script, img, a[href^="javascript"]')).toBeNull();
    expect(screen.getByText(/<script>window.injected = true<\/script>/)).toBeTruthy();
  });
});
