/**
 * The strings the server formatted for the page it rendered (points, money, dates), handed to the
 * browser with the boot data, so hydration renders them without making an Intl formatter
 * (docs/performance.md, "Home's hydration without its long tasks"): the first Intl formatter of a page
 * costs Chrome 20 to 70 ms of ICU initialisation, one task no yielding splits, and Lighthouse's slowed
 * CPU makes it four times that. The browser's formatters start with the first string the server did
 * not format. A key names the call whole (its function and every argument), so a string is only ever
 * the one the same call would make.
 */
let recording: Map<string, string> | null = null;
let primed: ReadonlyMap<string, string> = new Map();

/** The call's string: the server's for the page, if it made it; else `format()`'s. */
export function formatted(key: string, format: () => string): string {
  const known = primed.get(key);
  if (known !== undefined) return known;
  const text = format();
  recording?.set(key, text);
  return text;
}

/** Runs a (synchronous) server render and answers the strings it formatted, by call. */
export function recordFormats<T>(render: () => T): { result: T; formats: Record<string, string> } {
  const formats = new Map<string, string>();
  recording = formats;
  try {
    return { result: render(), formats: Object.fromEntries(formats) };
  } finally {
    recording = null;
  }
}

/** The browser takes the server's strings (boot data) before hydrating. */
export function primeFormats(formats: Record<string, string> | undefined): void {
  primed = new Map(Object.entries(formats ?? {}));
}
