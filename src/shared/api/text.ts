import { z } from 'zod';

/**
 * Every text field of every request is built from `text()`: a string that holds no control
 * characters. NUL cannot be stored by PostgreSQL at all (it answered 500), and the others — tabs,
 * line breaks, escape sequences, the Unicode line and paragraph separators — have no place in a name,
 * an email, a key or a password, and only ever break a page, an email or a log line.
 */
export const controlCharacterMessage = 'Remove control characters (such as NUL, tabs or line breaks)';

/** C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F), U+2028 and U+2029. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/**
 * A text field: trimmed (unless `trim: false`, for passwords, where spaces count), then refused when
 * it holds a control character (`error`: the message when the field is missing, or a function of the
 * issue that tells a missing field from one of the wrong type). Chain `.min()`, `.max()`, `.toLowerCase()`… after it.
 */
export function text(
  options: { trim?: boolean; error?: string | ((issue: { input: unknown }) => string) } = {},
) {
  const string = z.string(options.error ? { error: options.error } : undefined);
  const base = options.trim === false ? string : string.trim();
  return base.refine((value) => !hasControlCharacter(value), controlCharacterMessage);
}
