import { describe } from './descriptor.ts';
import type { recordVisitEndpoint, scanEndpoint, scanStoresEndpoint } from './staff-scan.ts';

/** The browser's descriptors of the scan screen's endpoints (zod-free). */
export const scanCode = describe<typeof scanEndpoint>('POST', '/staff-api/scan');
export const scanStores = describe<typeof scanStoresEndpoint>('GET', '/staff-api/scan/stores');
export const recordVisit = describe<typeof recordVisitEndpoint>('POST', '/staff-api/scan/visit');
/** "Mark arrived" on the scan screen is the appointments' own audited status endpoint. */
export { staffMark as markAppointment } from './staff-appointments-endpoints.ts';
