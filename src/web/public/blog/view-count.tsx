import { INTL_LOCALE } from '../../../shared/rules/locales.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';

/** 'N views': in English grouped as it always was (1,234,567), in Hindi as Indians group it (12,34,567). */
export function ViewCount({ views }: { views: number }) {
  const copy = useCopy('blog');
  const locale = usePageLocale();
  const formatted = views.toLocaleString(locale === 'en' ? 'en-US' : INTL_LOCALE[locale]);
  return copy('views', { count: views, views: formatted });
}
