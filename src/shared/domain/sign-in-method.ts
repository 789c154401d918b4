/**
 * How the member last signed in on this browser, so /signin offers that way first.
 *
 * Kept in a plain cookie rather than localStorage: the server sets it on the answer of the sign-in
 * itself (it knows for certain which way succeeded, including an emailed link opened in another tab)
 * and reads it when it renders /signin, so the page arrives in the right order with no shift after
 * hydration. It is not HttpOnly because the browser reads it too, when /signin is reached without a
 * page load (after signing out). It holds one of three words and never the email address: someone
 * else at a shared computer learns only how the last person signed in, not who they are.
 */
const signInMethods = ['passkey', 'link', 'password'] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** The cookie's name: __Host- prefixed when served over HTTPS, like the session's. */
export function signInMethodCookieName(secure: boolean): string {
  return secure ? '__Host-sign-in-method' : 'sign-in-method';
}

/** A cookie value read back: one of the three words, or null. */
export function parseSignInMethod(value: string | null | undefined): SignInMethod | null {
  return (signInMethods as readonly string[]).includes(value ?? '') ? (value as SignInMethod) : null;
}

/** The method named in a Cookie header (`document.cookie` has the same shape). */
export function signInMethodFromCookies(cookies: string, secure: boolean): SignInMethod | null {
  const name = signInMethodCookieName(secure);
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return parseSignInMethod(value.join('='));
  }
  return null;
}
