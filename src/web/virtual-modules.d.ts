/**
 * Written by the `sampark:public-page-chunks` plugin (vite.config.ts) into the server bundle: for each lazy
 * public page, by its route id (the page table's id), the client files it loads beyond the entry's, as
 * absolute URLs.
 */
declare module 'virtual:public-page-chunks' {
  const pageChunks: Readonly<Record<string, readonly string[]>>;
  export default pageChunks;
  /**
   * The public entry's script (index.html's), the module that starts it once a page has painted
   * (src/web/page-start.ts), the broken pictures' module and each island's (by its id in PUBLIC_ISLANDS), or
   * null before the client is built.
   */
  export const pageScripts: {
    entry: string;
    start: string;
    brokenPictures: string;
    islands: Readonly<Record<string, string>>;
  } | null;
}

/**
 * Written by the `sampark:compiled-messages` plugin (scripts/compiled-messages.ts): a catalogue's compiled
 * messages, fetched as a static file in the browser and imported on the server.
 */
declare module 'virtual:message-catalogues' {
  export function loadCatalogue(locale: string, namespace: string): Promise<Record<string, unknown>>;
}
