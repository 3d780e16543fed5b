/** Plain text rules without zod, so that public pages can use them without shipping a schema library. */

/** International form: a leading +, the country code, then the number; spaces, hyphens, dots and brackets allowed. */
export const INTERNATIONAL_PHONE_PATTERN = /^\+[1-9][\d\s\-().]{6,24}$/;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isInternationalPhone(value: string): boolean {
  const digits = digitsOf(value);
  return INTERNATIONAL_PHONE_PATTERN.test(value) && digits.length >= 8 && digits.length <= 15;
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
