/**
 * What counts as an email address: one rule for the shared request schema (server) and the screens,
 * which check it before sending without carrying zod into the browser bundle. The pattern is zod's
 * own email check (z.regexes.email); email-rules.test.ts keeps the two in step.
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const emailMaxLength = 254;

/** Whether `value`, trimmed and lowercased as the schema does, is an email address. */
export function isEmailAddress(value: string): boolean {
  const email = value.trim().toLowerCase();
  return email.length <= emailMaxLength && emailPattern.test(email);
}
