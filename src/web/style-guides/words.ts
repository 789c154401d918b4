import { useConfig } from '../config-context.tsx';
import { styleGuidesDaDK } from '../i18n/style-guides-da-DK.ts';
import { type StyleGuidesWords, styleGuidesEnGB } from '../i18n/style-guides-en-GB.ts';

/** Style guides' words in the scheme's language (their own chunk: see i18n/style-guides-en-GB.ts). */
export function useStyleGuidesWords(): StyleGuidesWords {
  return useConfig().locale === 'da-DK' ? styleGuidesDaDK : styleGuidesEnGB;
}
