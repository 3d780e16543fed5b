import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { compiledMessages } from './scripts/compiled-messages.ts';
import { BROKEN_PICTURES_MODULE, PAGE_START_MODULE } from './scripts/vite-manifest.ts';
import { PUBLIC_ISLANDS } from './src/shared/pages/public-pages.ts';

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

const PAGE_SCRIPTS_MODULE = 'virtual:public-page-scripts';

/**
 * For the server bundle: the client files a public page may name (decision 062): the module that starts every
 * page's script once painted, the module a page with a post's picture imports besides, and each island's,
 * read from the client build's manifest (built first: `npm run build:web`; in `npm run dev` the server bundle
 * is rebuilt when the manifest changes). The server names them in the page's script data block
 * (src/web/entry-server.tsx).
 */
function publicPageScripts(): Plugin {
  return buildPlugin('sampark:public-page-scripts', (config) => ({
    resolveId(id) {
      return id === PAGE_SCRIPTS_MODULE ? `\0${PAGE_SCRIPTS_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${PAGE_SCRIPTS_MODULE}`) return null;
      const { base, root, build } = config();
      // The server bundle's outDir is <web>/server; the client's is its sibling <web>/client.
      const manifestFile = path.resolve(root, build.outDir, '../client/.vite/manifest.json');
      this.addWatchFile(manifestFile);
      if (!fs.existsSync(manifestFile)) {
        this.warn(`${manifestFile} is missing: pages will name no script (build the client first)`);
        return 'export const pageScripts = null;';
      }
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const start = manifest[PAGE_START_MODULE];
      const brokenPictures = manifest[BROKEN_PICTURES_MODULE];
      const islands = Object.fromEntries(
        Object.entries(PUBLIC_ISLANDS).map(([id, island]) => [id, manifest[island.module]?.file]),
      );
      const pageScripts =
        start && brokenPictures && Object.values(islands).every(Boolean)
          ? {
              start: `${base}${start.file}`,
              brokenPictures: `${base}${brokenPictures.file}`,
              islands: Object.fromEntries(
                Object.entries(islands).map(([id, file]) => [id, `${base}${file}`]),
              ),
            }
          : null;
      return `export const pageScripts = ${JSON.stringify(pageScripts)};`;
    },
  }));
}

/** The stylesheet link Vite writes into a page, with the file it names. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)"\s*\/?>/g;

/**
 * The public pages' stylesheet inlined into their template (index.html) as a <style> element, so that the
 * first paint waits for nothing but the page itself (decision 044). The file stays in the build (the manifest
 * names it); the admin app (admin.html) keeps its cached <link>. The template names no script: the server
 * names the module that starts a page's script once it has painted (`pageScripts` of
 * virtual:public-page-scripts, src/web/entry-server.tsx).
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
        if (/<script\b/.test(result))
          throw new Error("index.html names a script: the server names each page's");
        return result;
      },
    },
  }));
}

/**
 * Chunk groups, for the public pages' islands (scripts/check-bundles.ts measures each). Without them, every
 * module the islands share becomes its own small file, and many small files compress worse than one.
 * - framework: React, the icon library's core and the close icon (the menu's and the dialogs'), which every
 *   island and the admin app run (with Vite's helper for import());
 * - public-common: what the islands share besides (the texts' formatting, the class-name helper, the fields'
 *   rules).
 */
const FRAMEWORK_MODULES =
  /node_modules[\\/]((react|react-dom|scheduler)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]((?!icons[\\/])|icons[\\/]x\.mjs))|vite[\\/]preload-helper/;

const modulePattern = (patterns: string[]) =>
  new RegExp(patterns.map((pattern) => pattern.replaceAll('/', '[\\\\/]')).join('|'));
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
    ...(isSsrBuild ? [publicPageScripts()] : [chunkModules(), inlinePublicStylesheet()]),
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
        // its chunk's imports and the start a polyfill (0.9 KB brotli on /contact, measured). An island's
        // chunks come in one round trip or two, on intent (decision 062).
        // Vite 8 still wraps each import() in its helper (vitejs/vite#18551); here it only reports failures.
        modulePreload: false,
        rolldownOptions: {
          // Two pages: the server-rendered public site's template (its stylesheet) and the client-rendered admin
          // app; and the small module that starts a public page's script once it has painted (decision 044).
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
                { name: 'public-common', test: PUBLIC_COMMON_MODULES },
              ],
            },
          },
        },
      },
}));
