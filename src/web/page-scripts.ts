/** The id of the JSON data block naming a public page's script: its entry and the page's lazy chunks. */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

export interface PageScripts {
  /** The public entry (index.html's script). */
  entry: string;
  /** The matched pages' lazy chunks, preloaded with the entry. */
  preloads: string[];
}
