import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import {
  changeStaffRole,
  createStaff,
  deactivateStaff,
  endStaffSession,
  reactivateStaff,
  revokeStaffPasskey,
  staffDevices,
  staffEnrol,
  staffEnrolmentLink,
  staffEnrolmentOptions,
  staffList,
  staffMe,
  staffSignIn,
  staffSignInOptions,
  staffSignOut,
} from '#shared/api/staff-endpoints.ts';
import {
  adjustPoints,
  burnRate,
  deleteMember,
  endAllSessions,
  endSession,
  memberSearch,
  memberView,
  resendInvitation,
  retryMail,
  sendPasswordReset,
  sendSignInLink,
  setBurnRate,
  undeliveredMail,
  updateMember,
} from '#shared/api/staff-members-endpoints.ts';
import { call } from '../api.ts';
import { optionsOf } from '../credentials/passkey-ceremony.ts';

type Credential = RequestOf<typeof staffSignIn>['response'];
/** The browser library's credential JSON is what the schema's loose credential object checks. */
const credential = (response: AuthenticationResponseJSON | RegistrationResponseJSON) =>
  response as unknown as Credential;

/** Who is signed in, with the scheme's currency (the answer of me, enrolment and sign-in alike). */
export type StaffSignedIn = ResponseOf<typeof staffMe>;
export type StaffMe = StaffSignedIn['staff'];
export type MemberView = ResponseOf<typeof memberView>;
export type MailQueue = ResponseOf<typeof undeliveredMail>;

/** The staff console's calls (/staff-api); the server checks the role of every one. */
export const staffApi = {
  me: () => call(staffMe),
  enrolmentOptions: (token: string) => call(staffEnrolmentOptions, { token }),
  enrol: (token: string, response: RegistrationResponseJSON) =>
    call(staffEnrol, { token, response: credential(response) }),
  signInOptions: () => optionsOf<PublicKeyCredentialRequestOptionsJSON>(call(staffSignInOptions, {})),
  signIn: (response: AuthenticationResponseJSON) => call(staffSignIn, { response: credential(response) }),
  signOut: () => call(staffSignOut, {}),
  staffList: () => call(staffList),
  createStaff: (body: RequestOf<typeof createStaff>) => call(createStaff, body),
  changeRole: (body: RequestOf<typeof changeStaffRole>) => call(changeStaffRole, body),
  deactivate: (id: string) => call(deactivateStaff, { id }),
  enrolmentLink: (id: string) => call(staffEnrolmentLink, { id }),
  reactivate: (id: string) => call(reactivateStaff, { id }),
  staffDevices: (id: string) => call(staffDevices, { id }),
  revokeStaffPasskey: (id: string, passkeyId: string) => call(revokeStaffPasskey, { id, passkeyId }),
  endStaffSession: (id: string, sessionId: string) => call(endStaffSession, { id, sessionId }),
  search: (q: string) => call(memberSearch, { q }),
  member: (loyaltyId: string) => call(memberView, { loyaltyId }),
  resendInvitation: (loyaltyId: string, invitationId: string) =>
    call(resendInvitation, { loyaltyId, invitationId }),
  sendPasswordReset: (loyaltyId: string) => call(sendPasswordReset, { loyaltyId }),
  sendSignInLink: (loyaltyId: string) => call(sendSignInLink, { loyaltyId }),
  endSession: (loyaltyId: string, sessionId: string) => call(endSession, { loyaltyId, sessionId }),
  endAllSessions: (loyaltyId: string) => call(endAllSessions, { loyaltyId }),
  adjustPoints: (body: RequestOf<typeof adjustPoints>) => call(adjustPoints, body),
  updateMember: (body: RequestOf<typeof updateMember>) => call(updateMember, body),
  deleteMember: (loyaltyId: string, confirm: string) => call(deleteMember, { loyaltyId, confirm }),
  burnRate: () => call(burnRate),
  setBurnRate: (body: RequestOf<typeof setBurnRate>) => call(setBurnRate, body),
  mail: () => call(undeliveredMail),
  retryMail: (id: string) => call(retryMail, { id }),
};
