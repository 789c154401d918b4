import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../http/errors.ts';
import { hashesAtOnce, slotted } from './hash-slots.ts';
import { isGuessablePassword } from './password-strength.ts';

// OWASP's argon2id setting (19 MiB, 2 iterations, 1 lane); about 26 ms a hash on this hardware.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const passwordRequirementsMessage = "The password you entered doesn't meet the requirements";

// SPEC §9 minimum lengths live with the other pure rules; the screens check them before sending.
export { minimumPasswordLength } from '#shared/domain/password-rules.ts';

/** Every hash and check of a password takes one of these slots (hash-slots.ts says why). */
const inHashSlot = slotted(hashesAtOnce());

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, argon2Options));
}

// A fixed hash to verify against when no account matches, so timing does not reveal membership.
const decoyHash = hash('decoy-password-never-matches', argon2Options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    const decoy = await decoyHash;
    await inHashSlot(() => verify(decoy, password));
    return false;
  }
  return inHashSlot(() => verify(passwordHash, password));
}

/**
 * Whether a new password is acceptable: long enough and not among an attacker's likeliest guesses,
 * the member's own name and email (`about`) included.
 */
export function isAcceptablePassword(
  password: string,
  minLength: number,
  about: readonly (string | null | undefined)[] = [],
): boolean {
  return password.length >= minLength && password.length <= 1024 && !isGuessablePassword(password, about);
}

/**
 * The hash of an acceptable new password (isAcceptablePassword: long enough, not guessable, not
 * made of the member's own name and email `about`), or a 400 InvalidPassword with SPEC §7's flag.
 */
export async function newPasswordHash(
  password: string,
  minLength: number,
  about: readonly (string | null | undefined)[],
): Promise<string> {
  if (!isAcceptablePassword(password, minLength, about)) {
    throw badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
  }
  return hashPassword(password);
}
