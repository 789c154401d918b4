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
  const known = recent.get(userAgent);
  if (known) return known;
  const parsed = UAParser(userAgent);
  const model = parsed.device.model;
  const platform = model === 'iPhone' || model === 'iPad' ? model : (parsed.os.name ?? null);
  const device = Object.freeze({ browser: tidy(parsed.browser.name), platform: tidy(platform) });
  // Parsing costs about a millisecond (a sign-in's largest piece of work after the hash)
  // and most members' browsers send one of a few User-Agents: the latest ones are kept.
  if (recent.size >= recentLimit) recent.delete(recent.keys().next().value as string);
  recent.set(userAgent, device);
  return device;
}

const recent = new Map<string, Device>();
const recentLimit = 500;

function tidy(name: string | null | undefined): string | null {
  if (!name) return null;
  const plain = name
    .replace(/^Mobile /, '')
    .replace(/ Headless$/, '')
    .replace(/ WebView$/, '');
  return plain.slice(0, 40) || null;
}
