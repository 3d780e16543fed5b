import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { IntlProvider, useLocale, useTranslations } from 'use-intl/react';
import { INTL_LOCALE, type Locale, localizedPath } from '../../shared/rules/locales.ts';
import type { CopyValues } from '../content/site.ts';
import type { Catalogues, ListKey, MessageKey, Namespace } from './catalogues.ts';
import type { Messages } from './messages.ts';

/**
 * How public pages read their texts: `const copy = useCopy('landing')`, then `copy('hero.heading')`. Every
 * text is an ICU message from the page's language's catalogue (messages.ts), filled with the site's values
 * ({product}, {phone}, ...: site.ts `copyValues`) and any extra ones. use-intl formats them (decision 038).
 */
export interface Copy<Tree> {
  (key: MessageKey<Tree>, extra?: CopyExtra): string;
  /** The text, or null when it names a value the site does not have (a channel nobody published). */
  ifKnown(key: MessageKey<Tree>, extra?: CopyExtra): string | null;
  /** How many items a list of the catalogue has (`stats`, `faq.entries`). */
  count(key: ListKey<Tree>): number;
}

/** A text's own values besides the site's: numbers too, for plurals (`{count, plural, ...}`). */
export type CopyExtra = Readonly<Record<string, string | number>>;

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

interface UntypedTranslator {
  (key: string, values?: CopyExtra): string;
  raw(key: string): unknown;
}

function copyOf<Tree>(t: UntypedTranslator, values: CopyValues): Copy<Tree> {
  const valuesWith = (extra?: CopyExtra): CopyExtra => (extra ? { ...values, ...extra } : values);
  const copy = (key: string, extra?: CopyExtra) => t(key, valuesWith(extra));
  copy.ifKnown = (key: string, extra?: CopyExtra) => {
    const all = valuesWith(extra);
    const needed = collectArgumentNames(t.raw(key), new Set());
    return [...needed].every((name) => Object.hasOwn(all, name)) ? t(key, all) : null;
  };
  copy.count = (key: string) => (t.raw(key) as unknown[]).length;
  return copy as Copy<Tree>;
}

/** The values every text may use ({product}, {phone}, ...), given by PublicIntl. */
const CopyValuesContext = createContext<CopyValues>({});

/** A namespace's texts in the page's language, filled with the site's values. */
export function useCopy<N extends Namespace>(namespace: N): Copy<Catalogues[N]> {
  const t = useTranslations(namespace) as unknown as UntypedTranslator;
  const values = useContext(CopyValuesContext);
  return useMemo(() => copyOf<Catalogues[N]>(t, values), [t, values]);
}

/** The page's language, from its URL. */
export function usePageLocale(): Locale {
  return useLocale() === INTL_LOCALE.hi ? 'hi' : 'en';
}

/** Site paths in the page's language: `localize('/contact')` is `/hi/contact` on a Hindi page. */
export function useLocalize(): (path: string) => string {
  const locale = usePageLocale();
  return useMemo(() => (path: string) => localizedPath(locale, path), [locale]);
}

/** The messages a page shows, in its language, and the site's values, for everything under it. */
export function PublicIntl({
  locale,
  messages,
  values,
  timeZone,
  children,
}: {
  locale: Locale;
  messages: Messages;
  values: CopyValues;
  timeZone: string | undefined;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} messages={messages as never} timeZone={timeZone}>
      <CopyValuesContext value={values}>{children}</CopyValuesContext>
    </IntlProvider>
  );
}
