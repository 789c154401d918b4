import { z } from 'zod';
import { staffRoles } from '../domain/staff-roles.ts';
import { emailField } from './common.ts';
import { webAuthnCredentialSchema, webAuthnOptionsSchema } from './credentials.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * The staff console's own API under /staff-api: staff sign-in and the staff accounts.
 * Every route checks the staff session's role on the server (src/server/staff/staff-scope.ts).
 */

const staffRoleSchema = z.enum(staffRoles);

const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  hasPasskey: z.boolean(),
  /** A stylist: members can have them as their personal shopper (a capability beside the role). */
  isStylist: z.boolean(),
  createdAt: z.string(),
});

/** Who is signed in, and the scheme's own currency (its first allowed one), which the console writes amounts in. */
const signedInSchema = z.object({ staff: staffMemberSchema, currency: z.string() });

const enrolmentToken = text().min(1, 'The enrolment link is incomplete').max(200);

/** The signed-in staff member (the console's first call). */
export const staffMeEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/me',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: signedInSchema,
});

/** Registration options for the passkey of the staff member an enrolment link names. */
export const staffEnrolmentOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/enrolment/options',
  access: { door: 'staff', role: 'anyone' },
  request: z.object({ token: enrolmentToken }),
  response: z.object({ options: webAuthnOptionsSchema, email: z.string(), fullName: z.string() }),
});

/** Registers the passkey, spends the link and signs the staff member in. */
export const staffEnrolEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/enrolment',
  audit: 'staff.enrol',
  access: { door: 'staff', role: 'anyone' },
  request: z.object({ token: enrolmentToken, response: webAuthnCredentialSchema }),
  response: signedInSchema,
});

export const staffSignInOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signin/options',
  access: { door: 'staff', role: 'anyone' },
  request: z.object({}),
  response: z.object({ options: webAuthnOptionsSchema }),
});

export const staffSignInEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signin',
  access: { door: 'staff', role: 'anyone' },
  request: z.object({ response: webAuthnCredentialSchema }),
  response: signedInSchema,
});

export const staffSignOutEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signout',
  access: { door: 'staff', role: 'anyone' },
  request: z.object({}),
  response: z.object({ success: z.literal(true) }),
});

// Staff accounts (admin).

export const staffListEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/staff',
  access: { door: 'staff', role: 'admin' },
  request: z.object({}),
  response: z.object({ staff: z.array(staffMemberSchema) }),
});

export const createStaffRequest = z.object({
  email: emailField,
  name: text().min(1, 'Enter the name').max(120),
  role: staffRoleSchema,
});

/** The enrolment link is shown once, to whoever created the account, to hand over. */
const enrolmentAnswer = { enrolUrl: z.string(), expiresAt: z.string() };

/** `reactivated`: the email was a deactivated staff member's, who is back with this name and role. */
const createStaffResponse = z.object({
  staff: staffMemberSchema,
  ...enrolmentAnswer,
  reactivated: z.boolean(),
});

export const createStaffEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff',
  audit: 'staff.create',
  access: { door: 'staff', role: 'admin' },
  request: createStaffRequest,
  response: createStaffResponse,
});

const staffId = z.uuid('Name a staff member by id');

export const changeStaffRoleEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/role',
  audit: 'staff.change_role',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId, role: staffRoleSchema }),
  response: z.object({ staff: staffMemberSchema }),
});

export const deactivateStaffEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/deactivate',
  audit: 'staff.deactivate',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId }),
  response: z.object({ staff: staffMemberSchema }),
});

/**
 * A new enrolment link (a lost or new device): older links stop working, and once it is used every
 * passkey and session the staff member had before stops working.
 */
export const staffEnrolmentLinkEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/enrolment-link',
  audit: 'staff.enrolment_link',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId }),
  response: z.object({ staff: staffMemberSchema, ...enrolmentAnswer }),
});

/** The partner API's (CLI `staff enrolment-link`) request: the staff member named by email. */
export const staffEnrolmentLinkByEmailRequest = z.object({ email: emailField });

/**
 * Undoes a deactivation: the staff member is back with their role, without the passkeys they held
 * (which may be why they were deactivated), and with a new enrolment link to hand over.
 */
export const reactivateStaffEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/reactivate',
  audit: 'staff.reactivate',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId }),
  response: z.object({ staff: staffMemberSchema, ...enrolmentAnswer }),
});

// A staff member's passkeys and sessions (admin): a lost device is cut off here.

const staffDevicesSchema = z.object({
  passkeys: z.array(z.object({ id: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      /** The passkey the session was signed in with (null for sessions older than that record). */
      passkeyId: z.string().nullable(),
      /** The admin's own session (revoking it signs them out). */
      current: z.boolean(),
    }),
  ),
});

export const staffDevicesEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/staff/devices',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId }),
  response: staffDevicesSchema,
});

/** Removes a passkey: it signs in no more, and the sessions it started end at once. */
export const revokeStaffPasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/revoke-passkey',
  audit: 'staff.revoke_passkey',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId, passkeyId: z.uuid('Name a passkey by id') }),
  response: staffDevicesSchema,
});

/** Ends one of a staff member's sessions at once. */
export const endStaffSessionEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/end-session',
  audit: 'staff.end_session',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: staffId, sessionId: z.uuid('Name a session by id') }),
  response: staffDevicesSchema,
});
