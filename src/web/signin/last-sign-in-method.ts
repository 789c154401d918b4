import { createContext, useContext } from 'react';
import { type SignInMethod, signInMethodFromCookies } from '#shared/domain/sign-in-method.ts';

/** The method the server read from the request's cookie, for its own rendering of /signin. */
export const SignInMethodContext = createContext<SignInMethod | null>(null);

/**
 * How the member last signed in on this browser. In the browser the cookie itself is
 * read, so it is current after a sign-out without a page load; while hydrating it is the same cookie
 * the server read, so both render alike.
 */
export function useLastSignInMethod(): SignInMethod | null {
  const fromServer = useContext(SignInMethodContext);
  if (typeof document === 'undefined') return fromServer;
  return signInMethodFromCookies(document.cookie, window.location.protocol === 'https:');
}
