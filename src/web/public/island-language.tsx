import { type ReactNode, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Namespace } from '../i18n/catalogues.ts';
import { PublicIntl } from '../i18n/copy.tsx';
import { loadMessages, type Messages } from '../i18n/messages.ts';
import { type PageLanguageData, readPageScripts } from '../page-scripts.ts';

/** The language an island renders in: the page's, with the catalogues of the island's texts. */
export interface IslandLanguage extends PageLanguageData {
  messages: Messages;
}

/**
 * The page's language, as the server named it in the page's script data block (decision 062), with the
 * catalogues an island's texts come from, fetched as the island comes to life.
 */
export async function loadIslandLanguage(namespaces: readonly Namespace[]): Promise<IslandLanguage> {
  const { language } = readPageScripts(document);
  if (!language) throw new Error('The page names no language for its islands');
  return { ...language, messages: await loadMessages(language.locale, namespaces) };
}

/** What an island renders, in the page's language, as the server rendered the page. */
export function IslandIntl({ language, children }: { language: IslandLanguage; children: ReactNode }) {
  return (
    <StrictMode>
      <PublicIntl
        locale={language.locale}
        messages={language.messages}
        values={language.values}
        timeZone={language.timeZone}
      >
        {children}
      </PublicIntl>
    </StrictMode>
  );
}

/**
 * Hydrates an island in place (decision 062): on the markup the server rendered in its root, in the page's
 * language with these catalogues. Resolves once the island calls `onLive`: it has rendered with what was
 * typed before it came to life, so a click replayed then is its own.
 */
export async function hydrateIslandRoot(
  root: HTMLElement,
  namespaces: readonly Namespace[],
  island: (onLive: () => void) => ReactNode,
): Promise<void> {
  const language = await loadIslandLanguage(namespaces);
  await new Promise<void>((resolve) => {
    hydrateRoot(root, <IslandIntl language={language}>{island(resolve)}</IslandIntl>);
  });
}
