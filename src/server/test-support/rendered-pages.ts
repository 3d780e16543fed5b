import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading server-rendered public pages in tests: their visible text, and the message catalogues
 * (src/web/content/messages) they are written from (decision 038).
 */
const MESSAGES_DIR = path.resolve('src/web/content/messages');

/** The web build the server renders pages from (npm run build:web); the tests of rendered pages need one. */
export const WEB_DIST_DIR = path.resolve('dist/web');
/** Whether there is a web build: without one, the tests of rendered pages are skipped. */
export const WEB_BUILT = fs.existsSync(path.join(WEB_DIST_DIR, 'client/index.html'));

/** The page's visible text, roughly: scripts (the hydration data among them), the inline stylesheet and tags dropped, quotes read back. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

/**
 * A page's markup as shown: without the data it carries for its script (a form island's props hold what the
 * server said, in English, also on a Hindi page: decision 062).
 */
export function shownMarkup(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/ data-island-props="[^"]*"/g, '');
}

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

function entries(tree: Tree, at: string): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  const children: [string, Tree][] = Array.isArray(tree)
    ? tree.map((item, index) => [String(index), item])
    : Object.entries(tree);
  return children.flatMap(([key, value]) => entries(value, at ? `${at}.${key}` : key));
}

/** Every text of a catalogue as written (ICU source) with its path: `hero.heading`, `stats.0.label`. */
export function catalogueEntries(locale: string, namespace: string): [string, string][] {
  const file = path.join(MESSAGES_DIR, locale, `${namespace}.json`);
  return entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, '');
}
