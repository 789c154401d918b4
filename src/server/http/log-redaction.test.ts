import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('log redaction (DESIGN security rules: tokens never leak)', () => {
  it('replaces emailed tokens and OAuth codes in logged URLs, keeping the rest', () => {
    expect(redactUrl('/magic-login?token=abc123')).toBe('/magic-login?token=REDACTED');
    expect(redactUrl('/set-new-password?email=a%40b.c&token=xyz')).toBe(
      '/set-new-password?email=a%40b.c&token=REDACTED',
    );
    expect(redactUrl('/complete-link-with-nike?code=c&state=s')).toBe(
      '/complete-link-with-nike?code=REDACTED&state=REDACTED',
    );
  });
  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/transactions?limit=5')).toBe('/api/transactions?limit=5');
    expect(redactUrl('/help/account')).toBe('/help/account');
  });
});
