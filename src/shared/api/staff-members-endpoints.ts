import { describe } from './descriptor.ts';
import type {
  adjustPointsEndpoint,
  burnRateEndpoint,
  deleteMemberEndpoint,
  endAllSessionsEndpoint,
  endSessionEndpoint,
  memberSearchEndpoint,
  memberViewEndpoint,
  resendInvitationEndpoint,
  retryMailEndpoint,
  sendPasswordResetEndpoint,
  sendSignInLinkEndpoint,
  setBurnRateEndpoint,
  undeliveredMailEndpoint,
  updateMemberEndpoint,
} from './staff-members.ts';

/** The browser's descriptors of the console's member endpoints (zod-free). */
export const memberSearch = describe<typeof memberSearchEndpoint>('GET', '/staff-api/members');
export const memberView = describe<typeof memberViewEndpoint>('GET', '/staff-api/member');
export const resendInvitation = describe<typeof resendInvitationEndpoint>(
  'POST',
  '/staff-api/member/resend-invitation',
);
export const sendPasswordReset = describe<typeof sendPasswordResetEndpoint>(
  'POST',
  '/staff-api/member/send-password-reset',
);
export const sendSignInLink = describe<typeof sendSignInLinkEndpoint>(
  'POST',
  '/staff-api/member/send-sign-in-link',
);
export const endSession = describe<typeof endSessionEndpoint>('POST', '/staff-api/member/end-session');
export const endAllSessions = describe<typeof endAllSessionsEndpoint>(
  'POST',
  '/staff-api/member/end-all-sessions',
);
export const adjustPoints = describe<typeof adjustPointsEndpoint>('POST', '/staff-api/member/adjust-points');
export const updateMember = describe<typeof updateMemberEndpoint>('POST', '/staff-api/member/update');
export const deleteMember = describe<typeof deleteMemberEndpoint>('POST', '/staff-api/member/delete');
export const burnRate = describe<typeof burnRateEndpoint>('GET', '/staff-api/burn-rate');
export const setBurnRate = describe<typeof setBurnRateEndpoint>('POST', '/staff-api/burn-rate');
export const undeliveredMail = describe<typeof undeliveredMailEndpoint>('GET', '/staff-api/mail');
export const retryMail = describe<typeof retryMailEndpoint>('POST', '/staff-api/mail/retry');
