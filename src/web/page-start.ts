import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from './page-scripts.ts';

/**
 * Starts a public page's script once the page has painted (after the next frame; within half a second
 * where frames do not run, as in a background tab): the matched pages' chunks as modulepreload links, then
 * the entry. The server names them in a JSON data block (src/web/entry-server.tsx). Until then the page is
 * what the server rendered, which works without script (decisions 030 and 044). A file of its own, fetched
 * at low priority, rather than an inline script: a page runs nothing inline (decision 045).
 */
const block = document.getElementById(PAGE_SCRIPTS_ELEMENT_ID);
if (block?.textContent) {
  const { entry, preloads } = JSON.parse(block.textContent) as PageScripts;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ entry);
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 500);
}
