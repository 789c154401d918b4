import type { RequestOf } from '#shared/api/descriptor.ts';
import { completeLinkWithNike, linkWithNike, unlinkNike } from '#shared/api/nike-link-endpoints.ts';
import { call } from '../api.ts';

/** Starts a link: answers where to send the browser to sign in at Nike. */
export function startNikeLink() {
  return call(linkWithNike, {});
}

/** Passes on Nike's answer: the callback's whole query, as the provider sent it. */
export function completeNikeLink(answer: RequestOf<typeof completeLinkWithNike>) {
  return call(completeLinkWithNike, answer);
}

/** Ends the link; the server asks Nike to revoke its grant. */
export function unlinkNikeAccount() {
  return call(unlinkNike, {});
}
