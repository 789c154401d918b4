import { useConfig } from '../config-context.tsx';
import { privateSalesDaDK } from '../i18n/private-sales-da-DK.ts';
import { type PrivateSalesWords, privateSalesEnGB } from '../i18n/private-sales-en-GB.ts';

/** Private sales' words in the scheme's language (their own chunk: see i18n/private-sales-en-GB.ts). */
export function usePrivateSalesWords(): PrivateSalesWords {
  return useConfig().locale === 'da-DK' ? privateSalesDaDK : privateSalesEnGB;
}
