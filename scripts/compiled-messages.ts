import fs from 'node:fs';
import compile from 'icu-minify/compile';
import type { Plugin } from 'vite';

/**
 * The public site's message catalogues (src/web/content/messages/{locale}/{namespace}.json) are ICU messages;
 * this compiles each one at build time with icu-minify into its compact form, so the browser needs no ICU
 * parser, only icu-minify's small formatter (src/web/i18n/format.ts). Used by vite.config.ts and
 * vitest.config.ts. Decision 038.
 */
export const MESSAGES_DIR = 'src/web/content/messages/';

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

function compileTree(tree: Tree, at: string): unknown {
  if (typeof tree === 'string') {
    try {
      return compile(tree);
    } catch (error) {
      throw new Error(`${at}: ${(error as Error).message}`);
    }
  }
  if (Array.isArray(tree)) return tree.map((item, index) => compileTree(item, `${at}.${index}`));
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, compileTree(value as Tree, at ? `${at}.${key}` : key)]),
  );
}

/** A catalogue file's messages, compiled: what the plugin turns the file into. */
export function compileCatalogue(file: string): unknown {
  return compileTree(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, file);
}

export function compiledMessages(): Plugin {
  return {
    name: 'sampark:compiled-messages',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!.split('\\').join('/');
      if (!file.includes(`/${MESSAGES_DIR}`) || !file.endsWith('.json')) return null;
      this.addWatchFile(file);
      // Still JSON: Vite's JSON plugin makes a module of it as of any other JSON file.
      return JSON.stringify(compileCatalogue(file));
    },
  };
}
