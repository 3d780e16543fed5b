import { readPageScripts } from './page-scripts.ts';
import { startIslands } from './public/islands.ts';
import { startPageBehaviours } from './public/page-behaviours.ts';
import { ROUTER_DATA_ELEMENT_ID } from './router-data.ts';

/**
 * Starts a public page's script once the page has painted (after the next frame; a page opened in a
 * background tab starts when it is first shown): the matched pages' chunks and the entry, which the
 * server names in a JSON data block (src/web/entry-server.tsx). Until then the page is what the server
 * rendered, which works without script (decisions 030 and 044). A file of its own, fetched at low priority,
 * rather than an inline script: a page runs nothing inline (decision 045). It also puts the router's data
 * where createBrowserRouter reads it (window.__staticRouterHydrationData) before the entry runs. The chrome's
 * plain behaviours start at once, on every page (decision 062); a page that hydrates only its islands names no
 * entry, and its islands wait for a visitor to reach for them.
 */
startPageBehaviours(document);

const scripts = readPageScripts(document);
// A page of islands: each is fetched when a visitor reaches for it (public/islands.ts).
startIslands(document, scripts.islands);
// A page the app hydrates: the server wrote the router's data block too.
if (scripts.entry !== null) {
  window.__staticRouterHydrationData = JSON.parse(
    document.getElementById(ROUTER_DATA_ELEMENT_ID)!.textContent!,
  ) as typeof window.__staticRouterHydrationData;
}
// The page's own chunks, then the entry; on a page of islands, what its markup needs.
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const file of scripts.preloads) void import(/* @vite-ignore */ file);
  }),
);
