import { z } from 'zod';
import {
  apiKeyListResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  revokeApiKeyResponse,
} from './api-keys.ts';
import { auditListResponse, auditQuery } from './audit.ts';
import { endpoint } from './endpoint.ts';
import { createInviteRequest, createInviteResponse } from './joining.ts';
import { noInput } from './partner-endpoints.ts';
import { createMemberRequest, memberUpdateRequest, namedMemberRequest } from './partner-members.ts';
import * as res from './partner-responses.ts';
import {
  createStaffEndpoint,
  createStaffRequest,
  staffEnrolmentLinkByEmailRequest,
  staffEnrolmentLinkEndpoint,
} from './staff.ts';

/**
 * The partner API's administration under /partner/v1: members, invitations, staff accounts, mail,
 * the demo, API keys, the audit log and the API's own description (see partner-endpoints.ts for
 * what a declaration holds). A named key can never mint keys or read the audit log: those are the
 * bootstrap key's. Reads need the scope of what they read: a member's details need `members`.
 */

const members = { door: 'partner', key: 'members' } as const;
const bootstrap = { door: 'partner', key: 'bootstrap' } as const;
const member = ['MemberNotFound'];

export const createMember = endpoint({
  method: 'POST',
  path: '/partner/v1/members',
  access: members,
  audit: 'member.create',
  summary: 'Create a member (email proven unless emailVerified is false).',
  request: createMemberRequest,
  status: 201,
  response: res.memberCreatedResponse,
  errors: ['MemberExists', 'InvalidPassword'],
});

export const getMember = endpoint({
  method: 'GET',
  path: '/partner/v1/members/:member',
  access: members,
  summary: "A member's details, balances and latest ledger entries, by card number or email.",
  request: noInput,
  response: res.memberResponse,
  errors: member,
});

export const updateMember = endpoint({
  method: 'POST',
  path: '/partner/v1/members/:member',
  access: members,
  audit: 'member.update',
  summary: "Change a member's VIP level, access rules, review, credit or email proof.",
  request: memberUpdateRequest,
  response: res.memberResponse,
  errors: [...member, 'NothingToChange', 'EmailProvenElsewhere'],
});

export const signOutEverywhere = endpoint({
  method: 'POST',
  path: '/partner/v1/members/sign-out-everywhere',
  access: members,
  audit: 'member.sign_out_everywhere',
  summary: 'A lost phone: end every session of the member and remove their passkeys.',
  request: namedMemberRequest,
  response: res.signOutResponse,
  errors: member,
});

export const sendPasswordReset = endpoint({
  method: 'POST',
  path: '/partner/v1/members/send-password-reset',
  access: members,
  audit: 'member.send_password_reset',
  summary: 'Email the member a password reset link.',
  request: namedMemberRequest,
  response: res.passwordResetResponse,
  errors: member,
});

export const deleteMember = endpoint({
  method: 'POST',
  path: '/partner/v1/members/delete',
  access: members,
  audit: 'member.delete',
  summary: 'Delete a member at their request: personal data erased, the ledger kept anonymised.',
  request: namedMemberRequest,
  response: res.deletedResponse,
  errors: member,
});

export const createInvite = endpoint({
  method: 'POST',
  path: '/partner/v1/invites',
  access: { door: 'partner', key: 'invites' },
  audit: 'invite.create',
  summary:
    'Invite someone to join: the invitation is emailed and its link answered. A member who has joined already (accepted an invitation, has a password or passkey, or has signed in) is not invited again: 409 `AlreadyMember`, and nothing is sent.',
  request: createInviteRequest,
  errors: ['AlreadyMember'],
  status: 201,
  response: createInviteResponse,
});

export const createStaff = endpoint({
  method: 'POST',
  path: '/partner/v1/staff',
  access: bootstrap,
  audit: 'staff.create',
  summary:
    'Create a staff account for the console (the first admin comes this way); answers the single-use passkey enrolment link to hand over. The email of a deactivated staff member brings them back with this name and role, without their old passkeys (`reactivated: true`, audited as staff.reactivate).',
  request: createStaffRequest,
  status: 201,
  response: createStaffEndpoint.response,
  errors: ['StaffExists'],
});

export const staffEnrolmentLink = endpoint({
  method: 'POST',
  path: '/partner/v1/staff/enrolment-link',
  access: bootstrap,
  audit: 'staff.enrolment_link',
  summary:
    'A new single-use enrolment link for an active staff member (a lost or new device; the way back in for an admin who lost their only device): older links stop working, and once it is used every passkey and session they had before stops working.',
  request: staffEnrolmentLinkByEmailRequest,
  response: staffEnrolmentLinkEndpoint.response,
  errors: ['StaffNotFound'],
});

export const mailStatus = endpoint({
  method: 'GET',
  path: '/partner/v1/mail',
  access: bootstrap,
  summary: 'The outbox: counts, and every mail still retrying or given up.',
  request: noInput,
  response: res.mailStatusResponse,
});

export const retryMail = endpoint({
  method: 'POST',
  path: '/partner/v1/mail/:id/retry',
  access: bootstrap,
  audit: 'mail.retry',
  summary: 'Send a given-up mail again.',
  request: noInput,
  response: res.mailRetryResponse,
  errors: ['MailNotFound'],
});

export const seedDemo = endpoint({
  method: 'POST',
  path: '/partner/v1/demo',
  access: bootstrap,
  audit: 'demo.seed',
  summary:
    'Seed the demo member and their history (development only: in production it answers 404 and creates nothing).',
  request: noInput,
  response: res.demoResponse,
  errors: ['NotFound'],
});

export const listKeys = endpoint({
  method: 'GET',
  path: '/partner/v1/keys',
  access: bootstrap,
  summary: 'The named API keys (never the keys themselves), with scopes and last use.',
  request: noInput,
  response: apiKeyListResponse,
});

export const createKey = endpoint({
  method: 'POST',
  path: '/partner/v1/keys',
  access: bootstrap,
  audit: 'api_key.create',
  summary: 'Create a named API key with scopes. The key is in this answer only: store it now.',
  request: createApiKeyRequest,
  status: 201,
  response: createApiKeyResponse,
  errors: ['ApiKeyNameTaken'],
});

export const revokeKey = endpoint({
  method: 'POST',
  path: '/partner/v1/keys/:id/revoke',
  access: bootstrap,
  audit: 'api_key.revoke',
  summary: 'Revoke a named API key at once (it then answers 401).',
  request: noInput,
  response: revokeApiKeyResponse,
  errors: ['ApiKeyNotFound'],
});

export const listAudit = endpoint({
  method: 'GET',
  path: '/partner/v1/audit',
  access: bootstrap,
  summary:
    'The audit log, newest first, filtered by member, actor, action and time (`format=csv`: every match as a CSV download, `text/csv`).',
  request: auditQuery,
  response: auditListResponse,
});

export const openApiDocument = endpoint({
  method: 'GET',
  path: '/partner/v1/openapi.json',
  access: { door: 'partner', key: 'public' },
  summary: 'This document (OpenAPI 3.1).',
  request: noInput,
  response: z.record(z.string(), z.unknown()),
});

export const docsPage = endpoint({
  method: 'GET',
  path: '/partner/v1/docs',
  access: { door: 'partner', key: 'public' },
  summary: 'This document as a readable page.',
  request: noInput,
  contentType: 'text/html',
  response: z.string(),
});

export const adminEndpoints = [
  createMember,
  getMember,
  updateMember,
  signOutEverywhere,
  sendPasswordReset,
  deleteMember,
  createInvite,
  createStaff,
  staffEnrolmentLink,
  mailStatus,
  retryMail,
  seedDemo,
  listKeys,
  createKey,
  revokeKey,
  listAudit,
  openApiDocument,
  docsPage,
];
