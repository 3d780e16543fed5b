import type { Locale } from '../../shared/rules/locales.ts';
import type { CopyValues } from '../content/site.ts';
import type { Catalogues, MessageKey, Namespace } from './catalogues.ts';
import type { CopyArguments } from './copy.tsx';
import { formatMessage } from './format.ts';
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
  return (key, extra) => formatMessage(locale, messages, namespace, key, { ...values, ...extra });
}
