import os from 'node:os';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  UploadFileParamsSchema,
  UploadIdParamsSchema,
  UploadResponseSchema,
} from '../../../shared/contracts/uploads.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '../../../shared/rules/uploads.ts';
import { newId } from '../../db/values.ts';
import { ADMIN_ERROR_RESPONSES, errorResponses, HttpError } from '../../lib/http-errors.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { access } from '../../plugins/access.ts';
import { processImage, UnacceptableImageError } from './image-processing.ts';
import type { UploadRepository } from './repository.ts';
import type { ServedFiles } from './served-files.ts';

export interface UploadRouteDeps {
  uploads: UploadRepository;
  servedFiles: ServedFiles;
  /** Told when an image is deleted: pages that showed its sizes are built again. */
  publicContent: PublicContent;
}

/** The stored name of an upload's file as the person gave it: for the picker, never sent back as is. */
const ORIGINAL_NAME_MAX = 200;
const IMMUTABLE = 'public, max-age=31536000, immutable';

// The multipart plugin's errors carry these codes; any other failure of the upload is ours to log.
const TOO_LARGE_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * Images decoded at once: one per core (decoding is CPU and memory; more at once only queues inside libvips
 * while holding their memory). Uploads admitted at once, body and all: twice that; beyond, 503 and Retry-After,
 * so twenty uploads at once cannot take the server's memory (issue 35).
 */
const IMAGES_PROCESSED_AT_ONCE = os.availableParallelism();
export const UPLOADS_ADMITTED_AT_ONCE = IMAGES_PROCESSED_AT_ONCE * 2;
const BUSY_RETRY_AFTER_SECONDS = 5;

function originalName(filename: string): string {
  return filename.replace(/[\p{Cc}\p{Cs}]/gu, '').slice(0, ORIGINAL_NAME_MAX);
}

/** The back office's uploads: add an image (its sizes made here), delete one no post uses. */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRouteDeps> = async (
  app,
  { uploads, servedFiles, publicContent },
) => {
  const processing = pLimit(IMAGES_PROCESSED_AT_ONCE);
  let admitted = 0;
  // Only this scope reads multipart bodies; one file, and no more of it than the limit (the rest is refused).
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  /** Reads the one file of the form, makes its sizes and keeps them. */
  const receive = async (request: FastifyRequest, reply: FastifyReply) => {
    let bytes: Buffer;
    let filename: string;
    try {
      const file = await request.file();
      if (file?.fieldname !== 'file') throw new HttpError(400, UPLOAD_MESSAGES.noFile);
      filename = file.filename;
      bytes = await file.toBuffer();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && TOO_LARGE_CODES.has(code)) {
        throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      }
      if (error instanceof HttpError) throw error;
      // Reading the body only parses what the client sent (no boundary, a cut-off body, a broken part
      // header): the request's fault, not ours. Logged for whoever looks into a failing upload.
      request.log.info({ err: error }, 'unreadable form upload');
      throw new HttpError(400, UPLOAD_MESSAGES.unreadable);
    }
    if (bytes.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    let image: Awaited<ReturnType<typeof processImage>>;
    try {
      image = await processing(() => processImage(bytes));
    } catch (error) {
      if (error instanceof UnacceptableImageError) throw new HttpError(400, error.message);
      throw error;
    }
    const id = newId();
    await uploads.create(
      { id, originalName: originalName(filename), createdBy: request.admin?.id ?? null },
      image,
    );
    request.auditNote = { detail: { image: id } };
    return reply.status(201).send({
      success: true as const,
      data: { _id: id, url: `/uploads/${id}/${image.mainFile}`, width: image.width, height: image.height },
      message: UPLOAD_MESSAGES.uploaded,
    });
  };

  app.post(
    '/api/uploads',
    {
      config: { access: access.scripted('blog'), audit: { action: 'image.upload' } },
      schema: {
        tags: ['uploads'],
        operationId: 'uploadImage',
        summary: 'Upload an image (multipart, field "file"): JPEG, PNG, WebP, AVIF or GIF up to 10 MB',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResponseSchema,
          ...ADMIN_ERROR_RESPONSES,
          ...errorResponses(413, 415, 503),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      if (admitted >= UPLOADS_ADMITTED_AT_ONCE) {
        throw new HttpError(503, UPLOAD_MESSAGES.busy, {
          headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        });
      }
      admitted += 1;
      try {
        return await receive(request, reply);
      } finally {
        admitted -= 1;
      }
    },
  );

  app.delete(
    '/api/uploads/:id',
    {
      config: { access: access.scripted('blog'), audit: { action: 'image.delete', target: 'image' } },
      schema: {
        tags: ['uploads'],
        operationId: 'deleteImage',
        summary: 'Delete an image that no post and not the brand logo uses',
        params: UploadIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (await uploads.inUse(id)) throw new HttpError(409, UPLOAD_MESSAGES.inUse);
      if (!(await uploads.delete(id))) throw new HttpError(404, UPLOAD_MESSAGES.notFound);
      servedFiles.forget(id);
      publicContent.changed();
      return { success: true as const, message: UPLOAD_MESSAGES.deleted };
    },
  );
};

/** The images' files for every visitor, at addresses that never change: cached by browsers for a year. */
export const uploadFileRoutes: FastifyPluginAsyncZod<{ servedFiles: ServedFiles }> = async (
  app,
  { servedFiles },
) => {
  app.get(
    '/uploads/:id/:file',
    {
      schema: { hide: true, params: UploadFileParamsSchema },
      config: { access: access.public, requestLog: 'debug' },
    },
    async (request, reply) => {
      const stored = await servedFiles.get(request.params.id, request.params.file);
      if (!stored) throw new HttpError(404, UPLOAD_MESSAGES.notFound);
      return reply
        .header('content-type', stored.mime)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .send(stored.data);
    },
  );
};
