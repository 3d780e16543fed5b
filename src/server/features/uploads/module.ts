import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { uploadOfUrl } from '../../../shared/rules/upload-addresses.ts';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { createPicturesOf } from './pictures.ts';
import { createUploadRepository, type UploadMentions } from './repository.ts';
import { uploadFileRoutes, uploadRoutes } from './routes.ts';
import { createServedFiles } from './served-files.ts';

/** Uploaded images, kept in the database (decision 034), and the pictures pages make of them. */
export function createUploadsModule({
  db,
  publicContent,
  shownBy,
}: {
  db: Kysely<DB>;
  publicContent: PublicContent;
  /** Whether a feature still shows an upload (the site settings' logo, a post): such an upload is kept. */
  shownBy: UploadMentions[];
}) {
  const mentionedBy = [...shownBy];
  const uploads = createUploadRepository(db, mentionedBy);
  const servedFiles = createServedFiles(uploads);
  return {
    picturesOf: createPicturesOf(uploads),
    /** An uploaded image's bytes by its address, or null: for share cards and icons. */
    uploadedImage: async (url: string) => {
      const upload = uploadOfUrl(url);
      return (upload && (await servedFiles.get(upload.id, upload.file))?.data) ?? null;
    },
    /**
     * Adds a feature that shows uploads and is made after this module, because it shows their pictures
     * (the blog): its uploads are kept too.
     */
    keepWhileShownBy(mentions: UploadMentions) {
      mentionedBy.push(mentions);
    },
    async register(app: FastifyInstance) {
      await app.register(encapsulated(uploadRoutes), { uploads, servedFiles, publicContent });
      await app.register(encapsulated(uploadFileRoutes), { servedFiles });
    },
  };
}
