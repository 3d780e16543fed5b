/**
 * The id of the JSON data block naming a public page's script: its entry and the page's lazy chunks, for a
 * page the app hydrates (decision 062).
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

export interface PageScripts {
  /** The public entry (index.html's script); null on a page that hydrates only its islands. */
  entry: string | null;
  /** The matched pages' lazy chunks, preloaded with the entry. */
  preloads: string[];
}
