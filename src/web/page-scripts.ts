import type { Locale } from '../shared/rules/locales.ts';
import type { CopyValues } from './content/site.ts';
import type { IslandFiles } from './public/islands.ts';

/**
 * The id of the JSON data block naming a public page's script: the modules its markup needs and its islands
 * (decision 062).
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

/** What an island needs to speak the page's language (it fetches the catalogues of its texts itself). */
export interface PageLanguageData {
  locale: Locale;
  /** The values every text may use ({product}, {phone}, ...). */
  values: CopyValues;
  timeZone?: string;
}

export interface PageScripts {
  /** What the page imports once painted: the modules its markup needs, each starting itself when imported. */
  preloads: string[];
  /** The islands the page's markup has, fetched when a visitor reaches for one (public/islands.ts). */
  islands: IslandFiles;
  /** Given with islands. */
  language?: PageLanguageData;
}

/** The page's script data block, as the server wrote it. */
export function readPageScripts(doc: Document): PageScripts {
  return JSON.parse(doc.getElementById(PAGE_SCRIPTS_ELEMENT_ID)!.textContent!) as PageScripts;
}
