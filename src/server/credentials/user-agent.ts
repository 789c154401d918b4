import { UAParser } from 'ua-parser-js';

export interface BrowserDescription {
  browser: string | null;
  vendor: string | null;
  os: string | null;
}

/** Browser, device vendor and operating system from a User-Agent (SPEC §3 Passkey lastUsed… fields). */
export function describeUserAgent(userAgent: string | undefined): BrowserDescription {
  if (!userAgent) return { browser: null, vendor: null, os: null };
  const result = UAParser(userAgent);
  return {
    browser: result.browser.name ?? null,
    vendor: result.device.vendor ?? null,
    os: result.os.name ?? null,
  };
}

/** A passkey's first name, e.g. "Chrome on macOS"; the member can rename it. */
export function defaultPasskeyTitle(description: BrowserDescription, keyNumber: number): string {
  if (description.browser && description.os) return `${description.browser} on ${description.os}`;
  return description.browser ?? description.os ?? `Passkey ${keyNumber}`;
}
