import path from 'node:path';
import type { Config } from '../config.ts';

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** The files of `npm run build:web` the server reads (under WEB_DIST_DIR). */
export function webBuildFiles(config: Config) {
  const clientDir = path.resolve(config.WEB_DIST_DIR, 'client');
  return {
    clientDir,
    /** The public pages' template, with the placeholders the server fills. */
    templateFile: path.join(clientDir, 'index.html'),
    adminFile: path.join(clientDir, 'admin.html'),
    serverEntryFile: path.resolve(config.WEB_DIST_DIR, 'server', 'entry-server.js'),
  };
}
