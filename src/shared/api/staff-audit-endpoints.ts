import { describe } from './descriptor.ts';
import type {
  createStaffApiKeyEndpoint,
  revokeStaffApiKeyEndpoint,
  staffApiKeysEndpoint,
  staffAuditEndpoint,
  staffAuditExportEndpoint,
} from './staff-audit.ts';

/** The browser's descriptors of the console's audit log and API keys (zod-free). */
export const staffAudit = describe<typeof staffAuditEndpoint>('GET', '/staff-api/audit');
export const staffAuditExport = describe<typeof staffAuditExportEndpoint>('GET', '/staff-api/audit/export');
export const staffApiKeys = describe<typeof staffApiKeysEndpoint>('GET', '/staff-api/api-keys');
export const createStaffApiKey = describe<typeof createStaffApiKeyEndpoint>('POST', '/staff-api/api-keys');
export const revokeStaffApiKey = describe<typeof revokeStaffApiKeyEndpoint>(
  'POST',
  '/staff-api/api-keys/revoke',
);
