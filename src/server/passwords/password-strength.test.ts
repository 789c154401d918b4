import { describe, expect, it } from 'vitest';
import { isGuessablePassword } from './password-strength.ts';
import { isAcceptablePassword } from './passwords.ts';

describe('password strength (zxcvbn-ts, SPEC §9 "further password requirements")', () => {
  it('refuses leaked passwords, patterns and the scheme’s own words, whatever their case or spelling', () => {
    for (const password of [
      'password',
      'Password',
      'password1',
      'passw0rd',
      '123456',
      '12345678',
      'qwerty12',
      'welcome1',
      'liverpool1',
      'iloveyou',
      'abcdefgh',
      'aaaaaaaa',
      'members',
      'Loyalty',
    ]) {
      expect(isGuessablePassword(password), password).toBe(true);
    }
  });

  it('accepts what the tests and members use: short but unlisted, or long', () => {
    for (const password of ['abc123x', 'velvet-harbour', 'correct-horse-battery', 'demo-password-2026']) {
      expect(isGuessablePassword(password), password).toBe(false);
    }
  });

  it("the member's own name and email count for nothing: 'Jane.Smith2026' is weak for Jane Smith", () => {
    const jane = ['Jane Smith', 'jane.smith@example.com'];
    expect(isGuessablePassword('Jane.Smith2026')).toBe(false);
    expect(isGuessablePassword('Jane.Smith2026', jane)).toBe(true);
    expect(isGuessablePassword('Smith-Jane-99', jane)).toBe(true);
    expect(isGuessablePassword('janesmith', ['Kim Lee', 'janesmith@example.com'])).toBe(true);
    expect(isGuessablePassword('velvet-harbour', jane)).toBe(false);
    expect(isGuessablePassword('jane-velvet-harbour', jane)).toBe(false);
    expect(isAcceptablePassword('Jane.Smith2026', 8, jane)).toBe(false);
  });

  it('length rules still come first: the minimum and the 1,024-character maximum', () => {
    expect(isAcceptablePassword('velvet-harbour', 8)).toBe(true);
    expect(isAcceptablePassword('abc12', 6)).toBe(false);
    expect(isAcceptablePassword('short12', 8)).toBe(false);
    expect(isAcceptablePassword('x7$'.repeat(400), 8)).toBe(false);
  });

  it('judges the longest allowed password in well under a second (only its first 64 characters)', () => {
    isGuessablePassword('warm-up');
    const started = performance.now();
    expect(isGuessablePassword('aB3$x'.repeat(204))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
