/**
 * Sign in's `next` (SPEC §2): where a member lands after signing in. The wallet page keeps the
 * spec's own spelling (`next=add-to-google-wallet`); a help page or a style guide is named by its path, so a
 * signed-out visit to any /help page or guide comes back to it. Anything else (another site, another path) lands on /,
 * so `next` can never send a member off the site.
 */
const walletNext = 'add-to-google-wallet';
/** A help page, or the style guides and a guide (a guide's email links to it): a path of this site. */
const nextPath = /^\/(help|style-guides)(\/[a-z0-9-]+)*$/;

export function isAllowedNext(next: string | null | undefined): next is string {
  return next === walletNext || (typeof next === 'string' && nextPath.test(next));
}

/** The path to go to after signing in. */
export function afterSignInPath(next: string | null | undefined): string {
  if (!isAllowedNext(next)) return '/';
  return next === walletNext ? '/add-to-google-wallet' : next;
}

/** /signin with `next` kept (and any other query parameters given), when `next` is one we honour. */
export function signInPath(next: string | null | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (isAllowedNext(next)) params.set('next', next);
  const query = params.toString();
  return query ? `/signin?${query}` : '/signin';
}
