import type { ResponseOf } from '#shared/api/descriptor.ts';
import { markAppointment, recordVisit, scanCode, scanStores } from '#shared/api/staff-scan-endpoints.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { staffScanDaDK } from '../i18n/staff-scan-da-DK.ts';
import { type StaffScanWords, staffScanEnGB } from '../i18n/staff-scan-en-GB.ts';

type Scanned = ResponseOf<typeof scanCode>;
export type ScannedMember = Extract<Scanned, { kind: 'member' }>['member'];
export type Store = ResponseOf<typeof scanStores>['stores'][number];

/** The scan screen's calls (/staff-api; the server checks the role of each and decides what it shows). */
export const scanApi = {
  /** Today's appointment is looked for in the tablet's store when it has one. */
  scan: (code: string, storeId: string) =>
    call(scanCode, { code, ...(storeId ? { storeId } : {}) }, { timeoutMs: 10_000 }),
  stores: () => call(scanStores),
  recordVisit: (visit: { visitId: string; loyaltyId: string; storeId: string }) => call(recordVisit, visit),
  markArrived: (id: string) => call(markAppointment, { id, status: 'arrived' }),
};

export function useScanWords(): StaffScanWords {
  return useConfig().locale === 'da-DK' ? staffScanDaDK : staffScanEnGB;
}
