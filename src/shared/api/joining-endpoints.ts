import { describe } from './descriptor.ts';
import type {
  acceptInviteEndpoint,
  acceptInviteStatusEndpoint,
  completeSignupEndpoint,
  guidedSignupEndpoint,
  requestVerificationResendEndpoint,
  signupEndpoint,
  verifyEmailEndpoint,
} from './joining.ts';

/** The browser's view of the joining endpoints of joining.ts (zod-free: see descriptor.ts). */
export const acceptInviteStatus = describe<typeof acceptInviteStatusEndpoint>(
  'POST',
  '/api/accept-invite-status',
);
export const acceptInvite = describe<typeof acceptInviteEndpoint>('POST', '/api/accept-invite');
export const signup = describe<typeof signupEndpoint>('POST', '/api/signup');
export const guidedSignup = describe<typeof guidedSignupEndpoint>('POST', '/api/guided-signup');
export const completeSignup = describe<typeof completeSignupEndpoint>('POST', '/api/complete-signup');
export const verifyEmail = describe<typeof verifyEmailEndpoint>('POST', '/api/verify-email');
export const requestVerificationResend = describe<typeof requestVerificationResendEndpoint>(
  'POST',
  '/api/request-verification-resend',
);
