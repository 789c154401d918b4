import { z } from 'zod';
import {
  apiKeyListResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  revokeApiKeyResponse,
} from './api-keys.ts';
import { auditListResponse, auditQuery } from './audit.ts';
import { endpoint } from './endpoint.ts';

/**
 * The console's audit log (manager and admin) and partner API keys (admin) under /staff-api:
 * the same services as the partner API's /audit and /keys.
 */

export const staffAuditEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/audit',
  access: { door: 'staff', role: 'manager' },
  request: auditQuery.omit({ format: true }),
  response: auditListResponse,
});

/** Every matching row as CSV (a download: the page links to it with the same filters). */
export const staffAuditExportEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/audit/export',
  access: { door: 'staff', role: 'manager' },
  request: auditQuery.omit({ format: true, before: true, limit: true }),
  response: z.string(),
});

export const staffApiKeysEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/api-keys',
  access: { door: 'staff', role: 'admin' },
  request: z.object({}),
  response: apiKeyListResponse,
});

export const createStaffApiKeyEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/api-keys',
  access: { door: 'staff', role: 'admin' },
  request: createApiKeyRequest,
  response: createApiKeyResponse,
});

export const revokeStaffApiKeyEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/api-keys/revoke',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: z.uuid('Name an API key by id') }),
  response: revokeApiKeyResponse,
});
