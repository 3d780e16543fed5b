import { createTranslator } from 'use-intl/core';
import { INTL_LOCALE, type Locale } from '../../shared/rules/locales.ts';
import type { CopyValues } from '../content/site.ts';
import type { Catalogues, MessageKey, Namespace } from './catalogues.ts';
import type { CopyArguments } from './copy.tsx';
import { loadMessages } from './messages.ts';

/**
 * A namespace's texts in one language outside React, formatted as `useCopy` formats them on a page: for
 * tests of the functions that pages give their copy to.
 */
export async function catalogueCopy<N extends Namespace>(
  locale: Locale,
  namespace: N,
  values: CopyValues = {},
): Promise<(key: MessageKey<Catalogues[N]>, extra?: CopyArguments) => string> {
  const messages = await loadMessages(locale, [namespace]);
  const t = createTranslator({
    locale: INTL_LOCALE[locale],
    messages: messages as never,
    namespace: namespace as never,
  }) as unknown as (key: string, values: CopyArguments) => string;
  return (key, extra) => t(key, { ...values, ...extra });
}
