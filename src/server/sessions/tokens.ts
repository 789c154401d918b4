import { createHash, randomBytes } from 'node:crypto';

/** A random token of 256 bits, URL-safe; what is emailed or put in a cookie. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
