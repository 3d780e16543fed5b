import type { Kysely } from 'kysely';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../db/values.ts';
import type { ImageFile, ProcessedImage } from './image-processing.ts';

export interface StoredFile {
  mime: string;
  data: Buffer;
}

/** An upload's files without their bytes: what a page needs to list its sizes. */
export interface UploadSizes {
  id: string;
  mime: string;
  width: number;
  height: number;
  files: Omit<ImageFile, 'data'>[];
}

/**
 * Whether text the owning feature keeps holds an upload's address (a post's feature image or Markdown, the
 * site settings): each owner answers for its own table.
 */
export type UploadMentions = (text: string) => Promise<boolean>;

export function createUploadRepository(db: Kysely<DB>, mentionedBy: readonly UploadMentions[]) {
  return {
    /** Stores an image and all its files at once: a reader never sees some of its sizes missing. */
    async create(
      upload: { id: string; originalName: string; createdBy: string | null },
      image: ProcessedImage,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('uploads')
          .values({
            id: upload.id,
            mime: image.mime,
            width: image.width,
            height: image.height,
            originalName: upload.originalName,
            createdBy: upload.createdBy,
            createdAt: nowIso(),
          })
          .execute();
        await trx
          .insertInto('uploadFiles')
          .values(
            image.files.map((file) => ({
              uploadId: upload.id,
              name: file.name,
              mime: file.mime,
              width: file.width,
              height: file.height,
              size: file.data.length,
              data: file.data,
            })),
          )
          .execute();
      });
    },

    async findFile(id: string, name: string, trx: Executor = db): Promise<StoredFile | undefined> {
      const row = await trx
        .selectFrom('uploadFiles')
        .select(['mime', 'data'])
        .where('uploadId', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { mime: row.mime, data: Buffer.from(row.data) };
    },

    /** The sizes of the given uploads, by id; unknown ids are left out. */
    async sizesOf(ids: string[]): Promise<Map<string, UploadSizes>> {
      const found = new Map<string, UploadSizes>();
      if (ids.length === 0) return found;
      const uploads = await db
        .selectFrom('uploads')
        .select(['id', 'mime', 'width', 'height'])
        .where('id', 'in', ids)
        .execute();
      for (const upload of uploads) found.set(upload.id, { ...upload, files: [] });
      const files = await db
        .selectFrom('uploadFiles')
        .select(['uploadId', 'name', 'mime', 'width', 'height'])
        .where('uploadId', 'in', ids)
        .orderBy('uploadId')
        .orderBy('width')
        .execute();
      for (const { uploadId, ...file } of files) found.get(uploadId)?.files.push(file);
      return found;
    },

    /** Whether a post or the site settings still point at the upload. */
    async inUse(id: string): Promise<boolean> {
      for (const mentions of mentionedBy) if (await mentions(`/uploads/${id}/`)) return true;
      return false;
    },

    /** Deletes an upload and its files; false when there was none. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('uploads').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
