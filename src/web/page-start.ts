import { readPageScripts } from './page-scripts.ts';
import { startIslands } from './public/islands.ts';
import { startPageBehaviours } from './public/page-behaviours.ts';

/**
 * Starts a public page's script (decision 062): the chrome's plain behaviours at once, the islands when a
 * visitor reaches for one, and, once the page has painted (after the next frame; a page opened in a
 * background tab starts when it is first shown), the modules its markup needs, which the server names in a
 * JSON data block (src/web/entry-server.tsx). Until then the page is what the server rendered, which works
 * without script (decisions 030 and 044). A file of its own, fetched at low priority, rather than an inline
 * script: a page runs nothing inline (decision 045).
 */
startPageBehaviours(document);

const scripts = readPageScripts(document);
// Each island is fetched when a visitor reaches for it (public/islands.ts).
startIslands(document, scripts.islands);
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const file of scripts.preloads) void import(/* @vite-ignore */ file);
  }),
);
