import { isEmailAddress } from './email-rules.ts';
import { minimumPasswordLength } from './password-rules.ts';

/**
 * SPEC §5 rules of the joining forms (invite accept, sign-up, VIP signup), checked by the screens
 * before sending; the server's schemas (src/shared/api/joining.ts) hold the same ones.
 */

/** A name is asked for. */
export function nameMissing(name: string): boolean {
  return name.trim() === '';
}

/** An address is asked for, and must be one. */
export function emailProblem(email: string): 'missing' | 'invalid' | null {
  if (email.trim() === '') return 'missing';
  return isEmailAddress(email) ? null : 'invalid';
}

/** A new password is at least 6 characters (the server also refuses the commonest ones). */
export function passwordTooShort(password: string, purpose: 'invite' | 'signup'): boolean {
  return password.length < minimumPasswordLength[purpose];
}
