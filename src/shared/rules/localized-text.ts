import type { Locale } from './locales.ts';

/**
 * A text the owner typed in both languages (a business-hours row, a channel's description), as a page in
 * `locale` shows it: the Hindi one on Hindi pages when there is one, the English one otherwise.
 */
export function localizedText(locale: Locale, english: string, hindi: string | undefined): string {
  return locale === 'hi' && hindi?.trim() ? hindi : english;
}
