import { describe } from './descriptor.ts';
import type {
  changeStaffRoleEndpoint,
  createStaffEndpoint,
  deactivateStaffEndpoint,
  endStaffSessionEndpoint,
  reactivateStaffEndpoint,
  revokeStaffPasskeyEndpoint,
  staffDevicesEndpoint,
  staffEnrolEndpoint,
  staffEnrolmentLinkEndpoint,
  staffEnrolmentOptionsEndpoint,
  staffListEndpoint,
  staffMeEndpoint,
  staffSignInEndpoint,
  staffSignInOptionsEndpoint,
  staffSignOutEndpoint,
} from './staff.ts';

/** The browser's descriptors of the staff sign-in and staff-account endpoints (zod-free). */
export const staffMe = describe<typeof staffMeEndpoint>('GET', '/staff-api/me');
export const staffEnrolmentOptions = describe<typeof staffEnrolmentOptionsEndpoint>(
  'POST',
  '/staff-api/enrolment/options',
);
export const staffEnrol = describe<typeof staffEnrolEndpoint>('POST', '/staff-api/enrolment');
export const staffSignInOptions = describe<typeof staffSignInOptionsEndpoint>(
  'POST',
  '/staff-api/signin/options',
);
export const staffSignIn = describe<typeof staffSignInEndpoint>('POST', '/staff-api/signin');
export const staffSignOut = describe<typeof staffSignOutEndpoint>('POST', '/staff-api/signout');
export const staffList = describe<typeof staffListEndpoint>('GET', '/staff-api/staff');
export const createStaff = describe<typeof createStaffEndpoint>('POST', '/staff-api/staff');
export const changeStaffRole = describe<typeof changeStaffRoleEndpoint>('POST', '/staff-api/staff/role');
export const deactivateStaff = describe<typeof deactivateStaffEndpoint>(
  'POST',
  '/staff-api/staff/deactivate',
);
export const staffEnrolmentLink = describe<typeof staffEnrolmentLinkEndpoint>(
  'POST',
  '/staff-api/staff/enrolment-link',
);
export const reactivateStaff = describe<typeof reactivateStaffEndpoint>(
  'POST',
  '/staff-api/staff/reactivate',
);
export const staffDevices = describe<typeof staffDevicesEndpoint>('GET', '/staff-api/staff/devices');
export const revokeStaffPasskey = describe<typeof revokeStaffPasskeyEndpoint>(
  'POST',
  '/staff-api/staff/revoke-passkey',
);
export const endStaffSession = describe<typeof endStaffSessionEndpoint>(
  'POST',
  '/staff-api/staff/end-session',
);
