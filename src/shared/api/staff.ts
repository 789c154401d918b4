import { z } from 'zod';
import { staffRoles } from '../domain/staff-roles.ts';
import { emailField } from './common.ts';
import { webAuthnCredentialSchema, webAuthnOptionsSchema } from './credentials.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * The staff console's own API under /staff-api (issue 16): staff sign-in and the staff accounts.
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
  createdAt: z.string(),
});

const enrolmentToken = text().min(1, 'The enrolment link is incomplete').max(200);

/** The signed-in staff member (the console's first call). */
export const staffMeEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/me',
  request: z.object({}),
  response: z.object({ staff: staffMemberSchema }),
});

/** Registration options for the passkey of the staff member an enrolment link names. */
export const staffEnrolmentOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/enrolment/options',
  request: z.object({ token: enrolmentToken }),
  response: z.object({ options: webAuthnOptionsSchema, email: z.string(), fullName: z.string() }),
});

/** Registers the passkey, spends the link and signs the staff member in. */
export const staffEnrolEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/enrolment',
  request: z.object({ token: enrolmentToken, response: webAuthnCredentialSchema }),
  response: z.object({ staff: staffMemberSchema }),
});

export const staffSignInOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signin/options',
  request: z.object({}),
  response: z.object({ options: webAuthnOptionsSchema }),
});

export const staffSignInEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signin',
  request: z.object({ response: webAuthnCredentialSchema }),
  response: z.object({ staff: staffMemberSchema }),
});

export const staffSignOutEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/signout',
  request: z.object({}),
  response: z.object({ success: z.literal(true) }),
});

// Staff accounts (admin).

export const staffListEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/staff',
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

export const createStaffEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff',
  request: createStaffRequest,
  response: z.object({ staff: staffMemberSchema, ...enrolmentAnswer }),
});

const staffId = z.uuid('Name a staff member by id');

export const changeStaffRoleEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/role',
  request: z.object({ id: staffId, role: staffRoleSchema }),
  response: z.object({ staff: staffMemberSchema }),
});

export const deactivateStaffEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/deactivate',
  request: z.object({ id: staffId }),
  response: z.object({ staff: staffMemberSchema }),
});

/** A new enrolment link (a lost or new device): older links stop working. */
export const staffEnrolmentLinkEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/enrolment-link',
  request: z.object({ id: staffId }),
  response: z.object({ staff: staffMemberSchema, ...enrolmentAnswer }),
});
