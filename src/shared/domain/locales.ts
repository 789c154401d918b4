/** The locales a scheme can run in (zod-free, so the browser can list them without the config schema). */
export const locales = ['en-GB', 'da-DK'] as const;
export type Locale = (typeof locales)[number];
