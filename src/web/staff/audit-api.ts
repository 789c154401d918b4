import type { RequestOf, ResponseOf } from '#shared/api/descriptor.ts';
import {
  createStaffApiKey,
  revokeStaffApiKey,
  staffApiKeys,
  staffAudit,
  staffAuditExport,
} from '#shared/api/staff-audit-endpoints.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { staffAuditDaDK } from '../i18n/staff-audit-da-DK.ts';
import { type StaffAuditWords, staffAuditEnGB } from '../i18n/staff-audit-en-GB.ts';

export type AuditFilters = RequestOf<typeof staffAudit>;
export type AuditPage = ResponseOf<typeof staffAudit>;
export type ApiKey = ResponseOf<typeof staffApiKeys>['apiKeys'][number];

/** The console's audit log and API keys calls (/staff-api; the server checks the role of each). */
export const auditApi = {
  audit: (filters: AuditFilters) => call(staffAudit, filters),
  /** The CSV download's address with the same filters (a plain link: the browser saves the file). */
  exportUrl: (filters: AuditFilters) =>
    `${staffAuditExport.path}?${new URLSearchParams(
      Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
    )}`,
  keys: () => call(staffApiKeys),
  createKey: (body: RequestOf<typeof createStaffApiKey>) => call(createStaffApiKey, body),
  revokeKey: (id: string) => call(revokeStaffApiKey, { id }),
};

export function useAuditWords(): StaffAuditWords {
  return useConfig().locale === 'da-DK' ? staffAuditDaDK : staffAuditEnGB;
}
