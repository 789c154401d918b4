import { describe, expect, it } from 'vitest';
import { parseSignInMethod, signInMethodFromCookies } from './sign-in-method.ts';

describe('the remembered sign-in method', () => {
  it('reads one of the three words from a cookie header, under the name for the scheme', () => {
    expect(signInMethodFromCookies('a=1; sign-in-method=passkey; b=2', false)).toBe('passkey');
    expect(signInMethodFromCookies('__Host-sign-in-method=password', true)).toBe('password');
    expect(signInMethodFromCookies('sign-in-method=link', true)).toBeNull();
    expect(signInMethodFromCookies('', false)).toBeNull();
  });

  it('ignores anything else a cookie could be set to', () => {
    expect(parseSignInMethod('someone@example.com')).toBeNull();
    expect(parseSignInMethod('<script>')).toBeNull();
    expect(parseSignInMethod(undefined)).toBeNull();
  });
});
