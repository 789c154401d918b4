import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenProviders } from '#tests/support/screen-providers.tsx';
import { MagicLinkRequest } from './magic-link-request.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('magic-link request (SPEC §2)', () => {
  it('an email query parameter submits once, lowercased, and shows the sent message', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <StrictMode>
        <ScreenProviders path={'/signin?email=Sam%40Example.com'}>
          <MagicLinkRequest />
        </ScreenProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const linkRequests = fetch.mock.calls.filter(([url]) => String(url) === '/api/request-magic-link');
    expect(linkRequests).toHaveLength(1);
    const body = JSON.parse(String(linkRequests[0]?.[1]?.body));
    expect(body.email).toBe('sam@example.com');
    expect(
      screen.getByRole('link', { name: 'Sign in with your password instead' }).getAttribute('href'),
    ).toBe('/signin?method=password');
  });
});
