import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

/** A catalogue file's messages, compiled: what a page formats. */
export function compileCatalogue(file: string): unknown {
  return compileTree(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, file);
}

const CATALOGUES_MODULE = 'virtual:message-catalogues';

/** Every catalogue file as `{locale}/{namespace}`. */
function catalogueNames(root: string): string[] {
  const dir = path.join(root, MESSAGES_DIR);
  return fs
    .readdirSync(dir)
    .flatMap((locale) =>
      fs
        .readdirSync(path.join(dir, locale))
        .filter((file) => file.endsWith('.json'))
        .map((file) => `${locale}/${file.replace(/\.json$/, '')}`),
    )
    .sort();
}

/**
 * - Importing a catalogue file gives its compiled messages (still JSON, which Vite's JSON plugin makes a module
 *   of as of any other JSON file).
 * - `virtual:message-catalogues` exports `loadCatalogue(locale, namespace)`. In the browser build it fetches
 *   the compiled catalogue, which the build writes as a static file under `assets/messages-{hash}/` (immutable,
 *   like every hashed asset): the pages' JavaScript carries no list of catalogue chunks, only that one path.
 *   On the server, in development and in tests it imports the file.
 */
export function compiledMessages(): Plugin {
  let root = process.cwd();
  let base = '/';
  let building = false;
  return {
    name: 'sampark:compiled-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      base = config.base;
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === CATALOGUES_MODULE ? `\0${CATALOGUES_MODULE}` : null;
    },
    load(id, options) {
      if (id === `\0${CATALOGUES_MODULE}`) {
        const names = catalogueNames(root);
        if (building && !options?.ssr) {
          const files = names.map((name) => [
            name,
            JSON.stringify(compileCatalogue(path.join(root, MESSAGES_DIR, `${name}.json`))),
          ]);
          const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
          for (const [name, source] of files) {
            this.emitFile({
              type: 'asset',
              fileName: `assets/messages-${hash}/${name}.json`,
              source: source!,
            });
          }
          return `export function loadCatalogue(locale, namespace) {
  return fetch(\`${base}assets/messages-${hash}/\${locale}/\${namespace}.json\`).then((response) => {
    if (!response.ok) throw new Error(\`The \${locale} catalogue \${namespace} answered \${response.status}\`);
    return response.json();
  });
}`;
        }
        const imports = names.map(
          (name) =>
            `${JSON.stringify(name)}: () => import(${JSON.stringify(path.join(root, MESSAGES_DIR, `${name}.json`))}).then((module) => module.default)`,
        );
        return `const CATALOGUES = {\n${imports.join(',\n')}\n};
export function loadCatalogue(locale, namespace) {
  const load = CATALOGUES[\`\${locale}/\${namespace}\`];
  if (!load) throw new Error(\`There is no \${locale} catalogue for \${namespace}\`);
  return load();
}`;
      }
      const file = id.split('?')[0]!.split('\\').join('/');
      if (!file.includes(`/${MESSAGES_DIR}`) || !file.endsWith('.json')) return null;
      this.addWatchFile(file);
      // Still JSON: Vite's JSON plugin makes a module of it as of any other JSON file.
      return JSON.stringify(compileCatalogue(file));
    },
  };
}
