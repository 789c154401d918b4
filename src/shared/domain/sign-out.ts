/**
 * Signing out (SPEC §4: "Logout clears the account locally, then calls the server"). The page clears
 * the account at once, so it cannot wait for the server's answer; before anything else it sets this
 * cookie in the browser. Every request the browser makes from then on carries it (the logout call
 * itself, a reload in that moment, the next visit after a logout that never arrived), and the server
 * ends the session that request came with before answering it, then removes the cookie. So neither a
 * reload nor a failed call leaves the member signed in on the server. It holds no secret.
 */
export function signOutCookieName(secure: boolean): string {
  return secure ? '__Host-signed-out' : 'signed-out';
}

/** How long the browser keeps it: longer than any session lives. */
export const signOutCookieSeconds = 400 * 24 * 60 * 60;
