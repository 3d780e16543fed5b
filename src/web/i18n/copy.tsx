import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Locale, localizedPath } from '../../shared/rules/locales.ts';
import type { CopyValues } from '../content/site.ts';
import type { Catalogues, ListKey, MessageKey, Namespace } from './catalogues.ts';
import { formatMessage, messageAt } from './format.ts';
import type { Messages } from './messages.ts';

/**
 * How public pages read their texts: `const copy = useCopy('landing')`, then `copy('hero.heading')`. Every
 * text is an ICU message from the page's language's catalogue (messages.ts), filled with the site's values
 * ({product}, {phone}, ...: site.ts `copyValues`) and any extra ones (decision 038).
 */
export interface Copy<Tree> {
  (key: MessageKey<Tree>, extra?: CopyArguments): string;
  /** The text, or null when it names a value the site does not have (a channel nobody published). */
  ifKnown(key: MessageKey<Tree>, extra?: CopyArguments): string | null;
  /** How many items a list of the catalogue has (`stats`, `faq.entries`). */
  count(key: ListKey<Tree>): number;
}

/** The values a text is filled with besides the site's: numbers for plurals (`{count, plural, ...}`). */
export type CopyArguments = Readonly<Record<string, string | number>>;

/**
 * The names of the values a compiled message uses. icu-minify writes a message as a string or a list of
 * parts; a part naming a value is `[name]` or `[name, type, options]`, where a plural's or select's options
 * map each case to a message of its own.
 */
function collectArgumentNames(message: unknown, names: Set<string>): Set<string> {
  if (!Array.isArray(message)) return names;
  for (const part of message) {
    if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
    names.add(part[0]);
    for (const option of part.slice(1)) {
      if (typeof option !== 'object' || option === null || Array.isArray(option)) continue;
      for (const branch of Object.values(option)) collectArgumentNames(branch, names);
    }
  }
  return names;
}

interface PageLanguage {
  locale: Locale;
  messages: Messages;
  /** The values every text may use ({product}, {phone}, ...). */
  values: CopyValues;
  timeZone: string | undefined;
}

const PageLanguageContext = createContext<PageLanguage>({
  locale: 'en',
  messages: {},
  values: {},
  timeZone: undefined,
});

/** A namespace's texts in the page's language, filled with the site's values. */
export function useCopy<N extends Namespace>(namespace: N): Copy<Catalogues[N]> {
  const { locale, messages, values, timeZone } = useContext(PageLanguageContext);
  return useMemo(() => {
    const valuesWith = (extra?: CopyArguments): CopyArguments => (extra ? { ...values, ...extra } : values);
    const copy = (key: string, extra?: CopyArguments) =>
      formatMessage(locale, messages, namespace, key, valuesWith(extra), timeZone);
    copy.ifKnown = (key: string, extra?: CopyArguments) => {
      const all = valuesWith(extra);
      const needed = collectArgumentNames(messageAt(messages, namespace, key), new Set());
      return [...needed].every((name) => Object.hasOwn(all, name)) ? copy(key, extra) : null;
    };
    copy.count = (key: string) => {
      const list = messageAt(messages, namespace, key);
      return Array.isArray(list) ? list.length : 0;
    };
    return copy as Copy<Catalogues[N]>;
  }, [locale, messages, namespace, values, timeZone]);
}

/** The page's language, from its URL. */
export function usePageLocale(): Locale {
  return useContext(PageLanguageContext).locale;
}

/** Site paths in the page's language: `localize('/contact')` is `/hi/contact` on a Hindi page. */
export function useLocalize(): (path: string) => string {
  const locale = usePageLocale();
  return useMemo(() => (path: string) => localizedPath(locale, path), [locale]);
}

/** The page's language, its catalogues and the site's values, for everything under it. */
export function PublicIntl({ children, ...language }: PageLanguage & { children: ReactNode }) {
  const { locale, messages, values, timeZone } = language;
  const value = useMemo(() => ({ locale, messages, values, timeZone }), [locale, messages, values, timeZone]);
  return <PageLanguageContext value={value}>{children}</PageLanguageContext>;
}
