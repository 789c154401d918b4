import type { RequestOf } from '#shared/api/descriptor.ts';
import {
  acceptInvite as acceptInviteEndpoint,
  acceptInviteStatus,
  completeSignup as completeSignupEndpoint,
  guidedSignup as guidedSignupEndpoint,
  signup as signupEndpoint,
  verifyEmail as verifyEmailEndpoint,
} from '#shared/api/joining-endpoints.ts';
import { call } from '../api.ts';

/** Whose invitation `token` is, or the SPEC §8 code of why it cannot be accepted. */
export function inviteStatus(token: string) {
  return call(acceptInviteStatus, { token });
}

/** Accepts an invitation: creates or attaches the account, records the consents, signs in. */
export function acceptInvite(body: RequestOf<typeof acceptInviteEndpoint>) {
  return call(acceptInviteEndpoint, body);
}

/** Self sign-up: signs the new member in, or asks them to verify their address first. */
export function signUp(body: RequestOf<typeof signupEndpoint>) {
  return call(signupEndpoint, body);
}

/** In-store VIP signup: emails the customer the link that finishes the account. */
export function guidedSignUp(body: RequestOf<typeof guidedSignupEndpoint>) {
  return call(guidedSignupEndpoint, body);
}

/**
 * Finishes a guided signup from its emailed link, signing the new member in. `confirmed` is the
 * member's click, needed when the link is opened elsewhere than where it was asked for.
 */
export function completeSignup(email: string, token: string, confirmed?: boolean) {
  return call(completeSignupEndpoint, { username: email, password: null, token, confirmed });
}

/** Proves an address from its emailed link (signing the member in when the link says who). */
export function verifyEmail(email: string, token: string, confirmed?: boolean) {
  return call(verifyEmailEndpoint, { username: email, token, confirmed });
}
