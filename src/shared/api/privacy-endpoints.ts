import { describe } from './descriptor.ts';
import type { consentHistoryEndpoint, dataExportEndpoint, withdrawConsentEndpoint } from './privacy.ts';

/** The browser's descriptors of the privacy centre's endpoints (zod-free: see descriptor.ts). */
export const consentHistory = describe<typeof consentHistoryEndpoint>('GET', '/api/privacy/consents');
export const withdrawConsent = describe<typeof withdrawConsentEndpoint>(
  'POST',
  '/api/privacy/withdraw-consent',
);
export const dataExport = describe<typeof dataExportEndpoint>('GET', '/api/privacy/export');
