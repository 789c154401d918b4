import { consentHistory, dataExport, withdrawConsent } from '#shared/api/privacy-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the privacy centre (/help/privacy). */
export const privacyApi = {
  consentHistory: () => call(consentHistory, {}),
  withdraw: (channel: 'email' | 'whatsapp') => call(withdrawConsent, { channel }),
  exportData: () => call(dataExport, {}),
};
