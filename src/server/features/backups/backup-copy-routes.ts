import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackupCopiesResponseSchema,
  BackupDestinationInputSchema,
} from '../../../shared/contracts/backup-copies.ts';
import { BACKUP_COPY_MESSAGES as MESSAGES } from '../../../shared/rules/backup-copies.ts';
import { destinationProblem, type EgressProblem, type EgressRules } from '../../egress/egress.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { BackupCopier } from './backup-copier.ts';
import { type BackupCopyRepository, shownDestination } from './backup-copy-repository.ts';
import type { BackupService } from './backup-service.ts';
import { isAgeRecipient } from './s3-copies.ts';

/** The egress guard's reasons (decision 047) as the storage address field words them. */
const ENDPOINT_MESSAGES: Record<EgressProblem, string> = {
  'not-a-url': MESSAGES.endpoint,
  scheme:
    'Use https. Plain http is only for storage at a private address, when WEBHOOKS_ALLOW_PRIVATE_HTTP is set',
  credentials: 'Put the keys in their own fields, not in the address',
  port: 'Port 0 cannot be used',
  'private-address':
    'This address is on this machine or a private network; such storage needs WEBHOOKS_ALLOW_PRIVATE_HTTP=true on the server',
};

function badField(field: string, message: string): HttpError {
  return new HttpError(400, `Please check the form: ${message}`, { errors: { [field]: message } });
}

/**
 * Settings → Backups → Off-machine copies (decision 056): where every backup is copied, encrypted to the
 * owner's age key. Administrators with a session only; changing it, turning it off or copying now are
 * sensitive (decision 049). The secret access key is write-only: no answer carries it.
 */
export const backupCopyRoutes: FastifyPluginAsyncZod<{
  copies: BackupCopyRepository;
  copier: BackupCopier;
  backups: Pick<BackupService, 'latest'>;
  rules: EgressRules;
}> = async (app, { copies, copier, backups, rules }) => {
  const state = async () => {
    const destination = await copies.destination();
    return {
      destination: destination && shownDestination(destination),
      lastCopy: await copies.latestCopy(),
      privateAddressesAllowed: rules.allowPrivate,
    };
  };

  app.get(
    '/api/admin/backups/destination',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['backups'],
        operationId: 'getBackupDestination',
        summary:
          'Where backups are copied off the machine (without the secret access key) and the last copy’s state',
        response: { 200: BackupCopiesResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return state();
    },
  );

  app.put(
    '/api/admin/backups/destination',
    {
      // Whoever sets this receives every backup from now on: as sensitive as a download (decision 049).
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'backup.destination-update' },
      },
      schema: {
        tags: ['backups'],
        operationId: 'setBackupDestination',
        summary:
          'Sets the S3-compatible storage every backup is copied to, encrypted to an age public key; an empty secret access key keeps the saved one',
        body: BackupDestinationInputSchema,
        response: { 200: BackupCopiesResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { secretAccessKey, ...fields } = request.body;
      // The schema checked its shape; what the age library refuses now was mistyped (or is a plugin's key).
      if (!(await isAgeRecipient(fields.recipient))) throw badField('recipient', MESSAGES.recipientUnusable);
      if (fields.endpoint) {
        const problem = await destinationProblem(fields.endpoint, rules);
        if (problem) throw badField('endpoint', ENDPOINT_MESSAGES[problem]);
      }
      const saved = await copies.saveDestination({
        ...fields,
        ...(secretAccessKey ? { secretAccessKey } : {}),
      });
      if (!saved) throw badField('secretAccessKey', MESSAGES.secretAccessKey);
      // The audit log and the security notice say where backups now go; never a key.
      request.auditNote = {
        detail: {
          storage: fields.endpoint ? new URL(fields.endpoint).origin : 'AWS S3',
          bucket: fields.bucket,
          prefix: fields.prefix,
          region: fields.region,
          recipient: fields.recipient,
        },
      };
      reply.header('cache-control', 'no-store');
      return state();
    },
  );

  app.delete(
    '/api/admin/backups/destination',
    {
      config: {
        access: access.sensitive('administration'),
        audit: { action: 'backup.destination-delete' },
      },
      schema: {
        tags: ['backups'],
        operationId: 'removeBackupDestination',
        summary: 'Stops copying backups off the machine and forgets the storage’s keys (copies made stay)',
        response: { 200: BackupCopiesResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async () => {
      if (!(await copies.removeDestination())) throw new HttpError(404, MESSAGES.noDestination);
      return state();
    },
  );

  app.post(
    '/api/admin/backups/copies',
    {
      config: { access: access.sensitive('administration'), audit: { action: 'backup.copy' } },
      schema: {
        tags: ['backups'],
        operationId: 'copyLatestBackup',
        summary:
          'Copies the newest backup off the machine now (through the outbox); GET /api/admin/backups/destination shows how it went',
        response: { 202: BackupCopiesResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      const latest = backups.latest();
      if (!latest) throw new HttpError(409, MESSAGES.noBackup);
      if (!(await copier.queue(latest.fileName))) throw new HttpError(409, MESSAGES.noDestination);
      return reply.code(202).send(await state());
    },
  );
};
