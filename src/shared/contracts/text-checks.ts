// zod/mini, so the public forms' schemas can use it within their page budget. A check built here also
// works in a full-zod schema's `.check(...)`: both share zod/v4/core.
import * as z from 'zod/mini';
import { hasControlCharacters, type TextLines } from '../rules/fields.ts';

/**
 * The one control-character rule of every text input (hasControlCharacters), with the field's own message,
 * e.g. "Name must not contain control characters". Put it before a field's format checks, so a pasted
 * control character is named as such rather than as a bad email or number.
 */
export function withoutControlCharacters(label: string, lines: TextLines = 'single') {
  return z.refine<string>(
    (value) => !hasControlCharacters(value, lines),
    `${label} must not contain control characters`,
  );
}
