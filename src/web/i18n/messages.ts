import { loadCatalogue } from 'virtual:message-catalogues';
import type { Locale } from '../../shared/rules/locales.ts';
import type { Namespace } from './catalogues.ts';

/**
 * The public site's message catalogues: one JSON file per language and namespace in
 * src/web/content/messages/{locale}/{namespace}.json, ICU messages compiled at build time
 * (scripts/compiled-messages.ts), and in the browser a static file of its own: a page loads its language's
 * catalogues of the namespaces it shows, never the other language's (decision 038).
 */
export type Messages = Record<string, unknown>;

/** The catalogues of some namespaces in one language, keyed by namespace. */
export async function loadMessages(locale: Locale, namespaces: readonly Namespace[]): Promise<Messages> {
  const loaded = await Promise.all(namespaces.map((namespace) => loadCatalogue(locale, namespace)));
  return Object.fromEntries(namespaces.map((namespace, index) => [namespace, loaded[index]]));
}
