import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_ROOT,
  ADMIN_SERVICE_WORKER_PATH,
  adminPath,
  LEGACY_ADMIN_PATHS,
  SIGN_IN_SHORTCUTS,
} from '../../shared/pages/admin-paths.ts';
import { access } from '../plugins/access.ts';
import { HTML_TYPE, NOT_BUILT_MESSAGE } from './web-build.ts';

/**
 * Paths answered by the client-rendered admin app (its own guard sends visitors to the login): everything
 * below /admin, and the two legacy paths outside it (`/ContactAdmin`, `/UserManagement`) as they are.
 */
const ADMIN_SHELL_PATHS = [ADMIN_ROOT, `${ADMIN_ROOT}/*`, ...LEGACY_ADMIN_PATHS];

/** The admin app's page (admin.html), uncached: the app itself is in hashed assets. */
export function serveAdminShell(app: FastifyInstance, adminFile: string, reloadOnChange: boolean): void {
  let adminShell: string | undefined;
  const sendAdminShell = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (adminShell === undefined || reloadOnChange) {
      if (!fs.existsSync(adminFile)) {
        return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      }
      adminShell = await readFile(adminFile, 'utf8');
    }
    return reply.header('cache-control', 'no-store').type(HTML_TYPE).send(adminShell);
  };
  for (const shellPath of ADMIN_SHELL_PATHS)
    app.get(shellPath, { schema: { hide: true }, config: { access: access.public } }, sendAdminShell);
  // A temporary redirect: the shortcut may one day lead elsewhere (a members' sign-in).
  for (const shortcut of SIGN_IN_SHORTCUTS)
    app.get(
      shortcut,
      { schema: { hide: true }, config: { access: access.public } },
      async (_request, reply) => reply.redirect(adminPath('login'), 302),
    );
}

/**
 * Serves the back office's service worker (public/admin/sw.js in the build) uncached, so a new version reaches browsers at their next visit. Registered before
 * the build's other files, which would otherwise serve it with their hour of caching.
 */
export function serveAdminServiceWorker(app: FastifyInstance, clientDir: string): void {
  const file = path.join(clientDir, ADMIN_SERVICE_WORKER_PATH);
  app.get(
    ADMIN_SERVICE_WORKER_PATH,
    { schema: { hide: true }, config: { access: access.public } },
    async (_request, reply) => {
      if (!fs.existsSync(file)) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-cache')
        .type('application/javascript; charset=utf-8')
        .send(await readFile(file, 'utf8'));
    },
  );
}
