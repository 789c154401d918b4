import { describe, expect, it } from 'vitest';
import { afterSignInPath, signInPath } from './after-sign-in.ts';

describe('sign in next (SPEC §2 Sign in)', () => {
  it('next: the wallet page and every help page are honoured', () => {
    expect(afterSignInPath('add-to-google-wallet')).toBe('/add-to-google-wallet');
    expect(afterSignInPath('/help/security')).toBe('/help/security');
    expect(afterSignInPath('/help/privacy')).toBe('/help/privacy');
    expect(afterSignInPath('/help')).toBe('/help');
    expect(afterSignInPath(null)).toBe('/');
  });

  it('next: the style guides and a guide (its email opened signed out) are honoured', () => {
    expect(afterSignInPath('/style-guides')).toBe('/style-guides');
    const guide = '/style-guides/0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11';
    expect(afterSignInPath(guide)).toBe(guide);
    expect(signInPath(guide)).toBe(`/signin?next=${encodeURIComponent(guide)}`);
    for (const next of [
      '/style-guides/../signin',
      '/style-guides//evil.example',
      '/style-guidesx',
      '/style-guides/A?x=1',
    ])
      expect(afterSignInPath(next), next).toBe('/');
  });

  it('next: anything that could leave the site or the help area lands on /', () => {
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/help/../signin',
      '/help//evil.example',
      '/help/security?x=1',
      '/helpful',
      '/',
      'javascript:alert(1)',
      '',
    ]) {
      expect(afterSignInPath(next), next).toBe('/');
    }
  });

  it('next: the sign-in path keeps an honoured next and drops any other', () => {
    expect(signInPath('/help/security')).toBe('/signin?next=%2Fhelp%2Fsecurity');
    expect(signInPath('/help/security', { method: 'password' })).toBe(
      '/signin?method=password&next=%2Fhelp%2Fsecurity',
    );
    expect(signInPath('https://evil.example')).toBe('/signin');
    expect(signInPath(null, { method: 'password' })).toBe('/signin?method=password');
  });
});
