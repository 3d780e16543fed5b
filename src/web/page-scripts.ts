/**
 * The id of the JSON data block naming a public page's script: its entry and the page's lazy chunks, for a
 * page the app hydrates (decision 062).
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

export interface PageScripts {
  /** The public entry (index.html's script); null on a page that hydrates only its islands. */
  entry: string | null;
  /**
   * What the page imports once painted, in order: the matched pages' lazy chunks, then the entry (which
   * imports them again: they download alongside it rather than after it); on a page of islands, the modules
   * its markup needs, each starting itself when imported.
   */
  preloads: string[];
}
