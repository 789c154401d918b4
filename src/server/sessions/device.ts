import { UAParser } from 'ua-parser-js';

/** What a session's screen and the new-sign-in email say of a browser: "Chrome" on "macOS". */
export interface Device {
  browser: string | null;
  platform: string | null;
}

/**
 * The browser and platform of a User-Agent, in the words a member knows: "Safari" (not "Mobile
 * Safari") on "iPhone" (the device, where it says more than "iOS"), "Chrome" on "Android". The
 * parser is the one the passkeys already use (ua-parser-js), so nothing new is loaded; this only
 * tidies its names. A User-Agent is whatever the client sends: the words are shown as text, never
 * trusted, and cut to a sane length.
 */
export function deviceOf(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, platform: null };
  const parsed = UAParser(userAgent);
  const model = parsed.device.model;
  const platform = model === 'iPhone' || model === 'iPad' ? model : (parsed.os.name ?? null);
  return { browser: tidy(parsed.browser.name), platform: tidy(platform) };
}

function tidy(name: string | null | undefined): string | null {
  if (!name) return null;
  const plain = name
    .replace(/^Mobile /, '')
    .replace(/ Headless$/, '')
    .replace(/ WebView$/, '');
  return plain.slice(0, 40) || null;
}
