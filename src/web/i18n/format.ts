import format, { type CompiledMessage, type FormatOptions } from 'icu-minify/format';
import { INTL_LOCALE, type Locale } from '../../shared/rules/locales.ts';
import type { CopyArguments } from './copy.tsx';
import type { Messages } from './messages.ts';

/**
 * Formats the catalogues' messages, compiled at build time (scripts/compiled-messages.ts), with icu-minify's
 * runtime: plurals, numbers and dates through the browser's own `Intl` in the page's language (decision 038).
 */
const FORMATTERS: FormatOptions['formatters'] = {
  getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args) => new Intl.NumberFormat(...args),
  getPluralRules: (...args) => new Intl.PluralRules(...args),
};

/** The compiled message at a dotted path (`hero.heading`, `stats.0.label`) of a namespace's catalogue. */
export function messageAt(messages: Messages, namespace: string, key: string): unknown {
  let node: unknown = messages[namespace];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/**
 * A text of a catalogue in a language, filled with values. A missing text shows its path (and says so in
 * the console), as a visible sign rather than an empty place.
 */
export function formatMessage(
  locale: Locale,
  messages: Messages,
  namespace: string,
  key: string,
  values: CopyArguments,
  timeZone?: string,
): string {
  const message = messageAt(messages, namespace, key);
  if (typeof message !== 'string' && !Array.isArray(message)) {
    console.error(`No ${locale} text for ${namespace}.${key}`);
    return `${namespace}.${key}`;
  }
  const formatted = format(message as CompiledMessage, INTL_LOCALE[locale], values, {
    formatters: FORMATTERS,
    ...(timeZone ? { timeZone } : {}),
  });
  return Array.isArray(formatted) ? formatted.join('') : String(formatted);
}
