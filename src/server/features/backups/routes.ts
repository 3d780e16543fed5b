import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/contracts/api.ts';
import { BackupStatusResponseSchema } from '../../../shared/contracts/backups.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { BackupSchedule } from './backup-schedule.ts';
import type { BackupService } from './backup-service.ts';

const NO_BACKUP_MESSAGE = 'No backup has been taken yet';

const adminErrors = errorResponses(401, 403);

/** Settings' Backups card: the schedule and newest backup, and that backup as a download (admins only). */
export const backupRoutes: FastifyPluginAsyncZod<{
  backups: BackupService;
  schedule: BackupSchedule;
}> = async (app, { backups, schedule }) => {
  app.get(
    '/api/admin/backups',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['backups'],
        operationId: 'getBackupStatus',
        summary:
          'The automatic backups: on or off and why, where they are kept, the newest, the last failure',
        response: { 200: BackupStatusResponseSchema, ...adminErrors },
      },
    },
    async () => ({ backups: await schedule.status() }),
  );

  app.post(
    '/api/admin/backups',
    {
      // A backup holds every secret: taking one is as sensitive as downloading it (decision 049).
      config: { access: access.sensitive('administration'), audit: { action: 'backup.create' } },
      schema: {
        tags: ['backups'],
        operationId: 'takeBackup',
        summary:
          'Starts a backup now, or joins the one under way (one at a time); GET /api/admin/backups shows its progress',
        response: { 202: BackupStatusResponseSchema, 409: ApiErrorSchema, ...adminErrors },
      },
    },
    async (_request, reply) => {
      const taking = await schedule.takeNow();
      if (taking.state === 'unavailable')
        throw new HttpError(409, `Backups are unavailable: ${taking.reason}`);
      return reply.code(202).send({ backups: await schedule.status() });
    },
  );

  app.get(
    '/api/admin/backups/latest',
    {
      config: { access: access.sensitive('administration'), audit: { action: 'backup.download' } },
      schema: {
        tags: ['backups'],
        operationId: 'downloadLatestBackup',
        summary:
          'The newest backup as a file download: a SQLite database, or a pg_dump archive on PostgreSQL',
        // The file goes out as a stream, which Fastify sends without serializing.
        response: { 200: z.unknown().describe('The backup file'), 404: ApiErrorSchema, ...adminErrors },
      },
    },
    async (_request, reply) => {
      const latest = backups.latest();
      if (!latest) throw new HttpError(404, NO_BACKUP_MESSAGE);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(path.join(backups.directory, latest.fileName), 'r');
      } catch {
        // Deleted by retention between the listing and the open.
        throw new HttpError(404, NO_BACKUP_MESSAGE);
      }
      const { size } = await handle.stat();
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${latest.fileName}"`)
        .header('content-length', size)
        .send(handle.createReadStream());
    },
  );
};
