/**
 * Written by the `sampark:public-page-scripts` plugin (vite.config.ts) into the server bundle, as absolute
 * URLs: the module that starts a public page's script once it has painted (src/web/page-start.ts), the broken
 * pictures' module and each island's (by its id in PUBLIC_ISLANDS), or null before the client is built.
 */
declare module 'virtual:public-page-scripts' {
  export const pageScripts: {
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
