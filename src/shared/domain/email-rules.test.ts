import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField } from '../api/common.ts';
import { emailPattern, isEmailAddress } from './email-rules.ts';

describe('email rules: one rule for the schema and the screens', () => {
  it("email rules: the pattern accepts and refuses what zod's own email check does", () => {
    const samples = [
      'kim@example.com',
      "o'neil+vip@example.co.uk",
      'a@b',
      'a@b.c',
      '.a@example.com',
      'a.@example.com',
      'a@-x.com',
      'a b@example.com',
      'ü@example.com',
    ];
    for (const sample of samples) {
      expect(emailPattern.test(sample), sample).toBe(z.regexes.email.test(sample));
    }
  });

  it('email rules: the screens and the shared schema agree on every sample', () => {
    const samples = [
      'kim@example.com',
      ' Kim.Lee@Example.co.uk ',
      'a@b',
      'not-an-email',
      '',
      'x@y.z',
      'a..b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const sample of samples) {
      expect(isEmailAddress(sample), sample).toBe(emailField.safeParse(sample).success);
    }
  });
});
