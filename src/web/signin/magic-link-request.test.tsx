import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestMagicLinkEndpoint } from '#shared/api/credentials.ts';
import { callsOf, on, stubApi } from '#tests/support/contract-fetch.ts';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { MagicLinkRequest } from './magic-link-request.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('magic-link request (SPEC §2)', () => {
  it('an email query parameter submits once, lowercased, and shows the sent message', async () => {
    const fetch = stubApi(on(requestMagicLinkEndpoint, { success: true }));
    render(
      <StrictMode>
        <ScreenProviders path={'/signin?email=Sam%40Example.com'}>
          <MagicLinkRequest />
        </ScreenProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const linkRequests = callsOf(fetch, requestMagicLinkEndpoint);
    expect(linkRequests).toHaveLength(1);
    expect(linkRequests[0]?.email).toBe('sam@example.com');
    expect(
      screen.getByRole('link', { name: 'Sign in with your password instead' }).getAttribute('href'),
    ).toBe('/signin?method=password');
  });
});
