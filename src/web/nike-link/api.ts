import type { RequestOf } from '#shared/api/descriptor.ts';
import { completeLinkWithNike, linkWithNike } from '#shared/api/nike-link-endpoints.ts';
import { call } from '../api.ts';

/** Starts a link: answers where to send the browser to sign in at Nike. */
export function startNikeLink() {
  return call(linkWithNike, {});
}

/** Passes on Nike's answer from the callback's query (code and state, or an error). */
export function completeNikeLink(answer: RequestOf<typeof completeLinkWithNike>) {
  return call(completeLinkWithNike, answer);
}
