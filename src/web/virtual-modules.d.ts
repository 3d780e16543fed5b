/**
 * Written by the `sampark:public-page-chunks` plugin (vite.config.ts) into the server bundle: for each lazy
 * public page, by its route id (the page table's id), the client files it loads beyond the entry's, as
 * absolute URLs.
 */
declare module 'virtual:public-page-chunks' {
  const pageChunks: Readonly<Record<string, readonly string[]>>;
  export default pageChunks;
}
