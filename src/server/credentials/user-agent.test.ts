import { describe, expect, it } from 'vitest';
import { defaultPasskeyTitle, describeUserAgent } from './user-agent.ts';

describe('passkey last-used browser (SPEC §3 Passkey)', () => {
  it('reads browser, device vendor and OS from a desktop Chrome on macOS', () => {
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(describeUserAgent(ua)).toEqual({ browser: 'Chrome', vendor: 'Apple', os: 'macOS' });
  });

  it('reads Mobile Safari on an iPhone', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(ua)).toEqual({ browser: 'Mobile Safari', vendor: 'Apple', os: 'iOS' });
  });

  it('knows nothing without a User-Agent, and names the passkey by number then', () => {
    const none = describeUserAgent(undefined);
    expect(none).toEqual({ browser: null, vendor: null, os: null });
    expect(defaultPasskeyTitle(none, 3)).toBe('Passkey 3');
    expect(defaultPasskeyTitle({ browser: 'Firefox', vendor: null, os: 'Windows' }, 1)).toBe(
      'Firefox on Windows',
    );
  });
});
