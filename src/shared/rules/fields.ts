/**
 * The rules of typed fields without zod, so that public pages can use them without shipping a schema library.
 * The zod checks built on them are in contracts/fields.ts.
 */

export const EMAIL_MAX_LENGTH = 254;
/** Passwords being checked or set; a longer one is refused before it is hashed. */
export const PASSWORD_MAX_LENGTH = 200;

/** Whether a text field is typed on one line (a name, an email) or on several (a message, a post). */
export type TextLines = 'single' | 'multi';

// \p{Cc} is every C0 control, DEL and every C1 control. With the u flag a surrogate pair is one character,
// so \p{Cs} matches only a lone surrogate: broken text that no keyboard types, which a database would
// store as U+FFFD. U+2028 and U+2029 are line breaks in all but name: only a multi-line field takes them.
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/**
 * Whether text holds a character no person means to type: a control character (PostgreSQL refuses U+0000
 * outright; the others hide in what an admin later reads or exports) or a lone surrogate. A multi-line
 * field keeps tab, line feed and carriage return (and U+2028/U+2029); a single-line field takes none of them.
 */
export function hasControlCharacters(value: string, lines: TextLines = 'single'): boolean {
  return (lines === 'multi' ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
