import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '../config-context.tsx';
import { MessagesProvider } from '../i18n/messages.tsx';
import { ChunkLoadError } from '../ui/lazy-screen.ts';
import { VipSignupBoundary } from './vip-signup-boundary.tsx';

const reported = vi.hoisted(() => [] as { error: unknown; tags: Record<string, string> }[]);
vi.mock('../monitoring/error-reporting.ts', () => ({
  reportError: (error: unknown, tags: Record<string, string>) => reported.push({ error, tags }),
}));

const config = { ...toPublicConfig(defaultConfig), title: 'Atelier Club' };

function renderBoundary(child: React.ReactNode) {
  return render(
    <ConfigContext.Provider value={config}>
      <MessagesProvider locale="en-GB">
        <VipSignupBoundary>{child}</VipSignupBoundary>
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
}

function Missing(): React.ReactNode {
  throw new ChunkLoadError('missing');
}

function Broken(): React.ReactNode {
  throw new Error('guided signup exploded');
}

describe('VIP Signup screen (SPEC §2, §8)', () => {
  beforeEach(() => {
    reported.length = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('vip signup: titled "VIP Signup" and its content appears after mount', async () => {
    await act(async () => {
      renderBoundary(<p>Guided signup</p>);
    });
    expect(screen.getByText('Guided signup')).toBeTruthy();
    expect(document.title).toBe('VIP Signup - Atelier Club');
  });

  it('vip signup: a render failure shows the 500 page and is reported tagged with the brand', async () => {
    await act(async () => {
      renderBoundary(<Broken />);
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong');
    expect(reported).toHaveLength(1);
    expect(reported[0]?.tags).toMatchObject({ brand: 'Atelier Club' });
    expect(String(reported[0]?.error)).toContain('guided signup exploded');
  });

  it('vip signup: a screen whose script failed to load says so and offers Reload (§8 chunk-load error)', async () => {
    await act(async () => {
      renderBoundary(<Missing />);
    });
    expect(screen.getByRole('heading', { name: 'This page did not load' })).toBeTruthy();
    expect(screen.getByText('A newer version of the site is available. Reload to continue.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
