import { z } from 'zod';

/**
 * Every text field of every request is built from `text()`: a string that holds no control
 * characters. NUL cannot be stored by PostgreSQL at all (it answered 500), and the others — tabs,
 * line breaks, escape sequences, the Unicode line and paragraph separators — have no place in a name,
 * an email, a key or a password, and only ever break a page, an email or a log line.
 */
export const controlCharacterMessage = 'Remove control characters (such as NUL, tabs or line breaks)';

/**
 * Nor an unpaired UTF-16 surrogate: JSON can spell one (`"\ud800"`) and JavaScript holds it, but it
 * is no character, and no UTF-8 encodes it. PostgreSQL's jsonb refuses it (it answered 500) and a
 * text column silently gets U+FFFD in its place.
 */
export const invalidTextMessage = 'This is not valid text (it holds an unpaired UTF-16 surrogate)';

/** C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F), U+2028 and U+2029. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/**
 * The characters of a key a caller makes up (an order, return, adjustment or redemption id): printable
 * ASCII without spaces, so it is stored, compared, logged and typed back exactly as sent.
 */
export const keyCharacters = /^[\x21-\x7e]+$/;

/** A high surrogate (U+D800–U+DBFF) not followed by a low one (U+DC00–U+DFFF), or a low one alone. */
function hasUnpairedSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/**
 * A text field: trimmed (unless `trim: false`, for passwords, where spaces count), then refused when
 * it holds an unpaired surrogate or a control character (`error`: the message when the field is
 * missing, or a function of the issue that tells a missing field from one of the wrong type). Chain
 * `.min()`, `.max()`, `.toLowerCase()`… after it.
 */
export function text(
  options: { trim?: boolean; error?: string | ((issue: { input: unknown }) => string) } = {},
) {
  const string = z.string(options.error ? { error: options.error } : undefined);
  const base = options.trim === false ? string : string.trim();
  return base
    .refine((value) => !hasUnpairedSurrogate(value), invalidTextMessage)
    .refine((value) => !hasControlCharacter(value), controlCharacterMessage);
}
