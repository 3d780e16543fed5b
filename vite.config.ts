import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { compiledMessages } from './scripts/compiled-messages.ts';
import {
  BROKEN_PICTURES_MODULE,
  PAGE_START_MODULE,
  publicEntryKey,
  withStaticImports,
} from './scripts/vite-manifest.ts';
import { PUBLIC_ISLANDS, PUBLIC_PAGES, publicPageFile } from './src/shared/pages/public-pages.ts';

const CLIENT_OUT_DIR = 'dist/web/client';
/** Beside Vite's manifest: the source modules in each chunk and their bytes (read by scripts/check-bundles.ts). */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** A plugin of `vite build` alone; its hooks read the resolved config, which Vite gives before they run. */
function buildPlugin(name: string, hooks: (config: () => ResolvedConfig) => Partial<Plugin>): Plugin {
  let resolved: ResolvedConfig | undefined;
  const config = () => {
    if (!resolved) throw new Error(`${name} ran before the config was resolved`);
    return resolved;
  };
  return {
    name,
    apply: 'build',
    configResolved(value) {
      resolved = value;
    },
    ...hooks(config),
  };
}

/**
 * Vite's manifest names a chunk's entry module but not the modules bundled into it, so a shared chunk could
 * carry admin code unnoticed. This records every chunk's modules, relative to the project root.
 */
function chunkModules(): Plugin {
  return buildPlugin('sampark:chunk-modules', (config) => ({
    writeBundle(_options, bundle) {
      const { root } = config();
      const outDir = path.resolve(root, config().build.outDir);
      const modules: Record<string, { id: string; renderedLength: number }[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = Object.entries(output.modules).map(([id, module]) => ({
          id: path.isAbsolute(id) ? path.relative(root, id).split(path.sep).join('/') : id,
          renderedLength: module.renderedLength,
        }));
      }
      const file = path.join(outDir, CHUNK_MODULES_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(modules, null, 2)}\n`);
    },
  }));
}

const PAGE_CHUNKS_MODULE = 'virtual:public-page-chunks';

/**
 * For the server bundle: which client files each lazy public page (by its id in the page table,
 * src/shared/pages/public-pages.ts) loads beyond the public entry, read from the client build's manifest
 * (built first: `npm run build:web`; in `npm run dev` the server bundle is rebuilt when the manifest
 * changes). The server names them in <head> as modulepreload links, so a page's chunk downloads alongside
 * the entry instead of after it (src/web/entry-server.tsx).
 */
function publicPageChunks(): Plugin {
  return buildPlugin('sampark:public-page-chunks', (config) => ({
    resolveId(id) {
      return id === PAGE_CHUNKS_MODULE ? `\0${PAGE_CHUNKS_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${PAGE_CHUNKS_MODULE}`) return null;
      const { base, root, build } = config();
      // The server bundle's outDir is <web>/server; the client's is its sibling <web>/client.
      const manifestFile = path.resolve(root, build.outDir, '../client/.vite/manifest.json');
      this.addWatchFile(manifestFile);
      if (!fs.existsSync(manifestFile)) {
        this.warn(`${manifestFile} is missing: pages will not preload their chunks (build the client first)`);
        return 'export default {}; export const pageScripts = null;';
      }
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const entryKey = publicEntryKey(manifest);
      const entry = withStaticImports(manifest, entryKey ? [entryKey] : []);
      const pages: Record<string, string[]> = {};
      for (const [id, page] of Object.entries(PUBLIC_PAGES)) {
        const key = publicPageFile(page);
        // A page that is not a chunk of its own fails scripts/check-bundles.ts; here it just has no preloads.
        if (page.chunk !== 'page' || !manifest[key]) continue;
        pages[id] = [...withStaticImports(manifest, [key])]
          .filter((chunkKey) => !entry.has(chunkKey))
          .map((chunkKey) => `${base}${manifest[chunkKey]!.file}`);
      }
      const start = manifest[PAGE_START_MODULE];
      const brokenPictures = manifest[BROKEN_PICTURES_MODULE];
      const islands = Object.fromEntries(
        Object.entries(PUBLIC_ISLANDS).map(([id, island]) => [id, manifest[island.module]?.file]),
      );
      const pageScripts =
        entryKey && start && brokenPictures && Object.values(islands).every(Boolean)
          ? {
              entry: `${base}${manifest[entryKey]!.file}`,
              start: `${base}${start.file}`,
              brokenPictures: `${base}${brokenPictures.file}`,
              islands: Object.fromEntries(
                Object.entries(islands).map(([id, file]) => [id, `${base}${file}`]),
              ),
            }
          : null;
      return `export default ${JSON.stringify(pages)}; export const pageScripts = ${JSON.stringify(pageScripts)};`;
    },
  }));
}

/** The stylesheet link Vite writes into a page, with the file it names. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)"\s*\/?>/g;

/**
 * The public pages' stylesheet inlined into their template (index.html) as a <style> element, so that the
 * first paint waits for nothing but the page itself (decision 044). The file stays in the build (the manifest
 * names it, scripts/check-bundles.ts measures it); the admin app (admin.html) keeps its cached <link>.
 * The entry's <script> leaves the template too: the server starts it once the page has painted
 * (`pageScripts` of virtual:public-page-chunks, src/web/entry-server.tsx).
 */
function inlinePublicStylesheet(): Plugin {
  return buildPlugin('sampark:inline-public-stylesheet', (config) => ({
    transformIndexHtml: {
      order: 'post',
      handler(html, { path: page, bundle }) {
        if (page !== '/index.html' || !bundle) return html;
        const { base } = config();
        let inlined = 0;
        const result = html.replace(STYLESHEET_LINK, (_link, href: string) => {
          const asset = bundle[href.startsWith(base) ? href.slice(base.length) : href];
          if (asset?.type !== 'asset')
            throw new Error(`index.html links ${href}, which the build does not have`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${href} contains </style and cannot be inlined`);
          inlined += 1;
          return `<style>${css}</style>`;
        });
        if (inlined === 0) throw new Error('index.html has no stylesheet link to inline');
        const entry = /\s*<script type="module" crossorigin src="[^"]+"><\/script>/;
        if (!entry.test(result)) throw new Error('index.html has no entry script to leave to the server');
        return result.replace(entry, '');
      },
    },
  }));
}

/**
 * Chunk groups, for the public pages' budget (scripts/check-bundles.ts measures each page). Without them,
 * every module both apps share becomes its own small file, and many small files compress worse than one.
 * - framework: React, the icon library's core and the close icon (the menu's and the dialogs'), which every
 *   page of both apps and every island runs (with Vite's helper for import()): islands take nothing from the
 *   shell, which would bring the router along;
 * - router: React Router, which the apps run and islands do not (decision 062);
 * - public-shell: what every public page runs (layout, routes, head, settings). Keep it to modules the public
 *   entry imports statically: a module listed here moves into the shell even if only a lazy page uses it.
 * Pages stay lazy chunks of their own (src/web/public/routes.tsx).
 */
const FRAMEWORK_MODULES =
  /node_modules[\\/]((react|react-dom|scheduler)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]((?!icons[\\/])|icons[\\/]x\.mjs))|vite[\\/]preload-helper/;
const ROUTER_MODULES = /node_modules[\\/]react-router[\\/]/;

/** Pages that every page may end on (the page table's `chunk: 'public-shell'`: the error page). */
const SHELL_PAGES = Object.values(PUBLIC_PAGES)
  .filter((page) => page.chunk === 'public-shell')
  .map((page) => page.module);
const modulePattern = (patterns: string[]) =>
  new RegExp(patterns.map((pattern) => pattern.replaceAll('/', '[\\\\/]')).join('|'));
const PUBLIC_SHELL_MODULES = modulePattern([
  'src/web/public/layout/',
  'src/web/public/(routes|page-head|site-settings-data|use-scroll-effects)\\.',
  `src/web/public/pages/(${SHELL_PAGES.join('|')})\\.`,
  'src/web/(content/(site|pages)|head|server-context)\\.',
  'src/shared/rules/(site-settings|channel-links)\\.',
]);
const PUBLIC_COMMON_MODULES = modulePattern([
  'src/web/lib/class-names\\.',
  'src/shared/rules/fields\\.',
  'src/web/i18n/',
  'node_modules/icu-minify/',
]);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    compiledMessages(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [publicPageChunks()] : [chunkModules(), inlinePublicStylesheet()]),
  ],
  // The server bundle takes the icons the pages use into its chunks: imported from node_modules, the whole
  // package (1.3 MB of source, kept twice in the heap) was loaded for a few dozen icons (decision 064).
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? // The server bundle: `vite build --ssr src/web/entry-server.tsx --outDir dist/web/server`.
      { emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: CLIENT_OUT_DIR,
        emptyOutDir: true,
        manifest: true,
        // Vite preloads nothing (decision 022): with modulePreload on, every import() would carry the list of
        // its chunk's imports and the entry a polyfill (0.9 KB brotli on /contact, measured). The server sends
        // modulepreload links for everything the first page needs (publicPageChunks), and a later lazy page
        // mostly imports chunks the browser has (framework, shell), so the cost is one round trip at most.
        // Vite 8 still wraps each import() in its helper (vitejs/vite#18551); here it only reports failures.
        modulePreload: false,
        rolldownOptions: {
          // Two pages: the server-rendered public site and the client-rendered admin app.
          // …and the small module that starts the public site's script once a page has painted (decision 044).
          input: {
            index: path.resolve('index.html'),
            admin: path.resolve('admin.html'),
            'page-start': path.resolve(PAGE_START_MODULE),
            // …and what a page of islands with a post's picture imports at its start, and each island (decision 062).
            'broken-pictures': path.resolve(BROKEN_PICTURES_MODULE),
            ...Object.fromEntries(
              Object.entries(PUBLIC_ISLANDS).map(([id, island]) => [
                `island-${id}`,
                path.resolve(island.module),
              ]),
            ),
          },
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK_MODULES },
                { name: 'router', test: ROUTER_MODULES },
                { name: 'public-common', test: PUBLIC_COMMON_MODULES },
                { name: 'public-shell', test: PUBLIC_SHELL_MODULES },
              ],
            },
          },
        },
      },
}));
