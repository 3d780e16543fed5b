import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CLIENT_OUT_DIR = 'dist/web/client';
/** Beside Vite's manifest: the source modules in each chunk and their bytes (read by scripts/check-bundles.ts). */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Vite's manifest names a chunk's entry module but not the modules bundled into it, so a shared chunk could
 * carry admin code unnoticed. This records every chunk's modules, relative to the project root.
 */
function chunkModules(): Plugin {
  let root = process.cwd();
  let outDir = CLIENT_OUT_DIR;
  return {
    name: 'sampark:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
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
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [chunkModules()])],
  build: isSsrBuild
    ? // The server bundle: `vite build --ssr src/web/entry-server.tsx --outDir dist/web/server`.
      { emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: CLIENT_OUT_DIR,
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          // Two pages: the server-rendered public site and the client-rendered admin app.
          input: { index: path.resolve('index.html'), admin: path.resolve('admin.html') },
        },
      },
}));
