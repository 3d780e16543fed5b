import { LRUCache } from 'lru-cache';
import { uploadOfUrl } from '../../../shared/rules/upload-addresses.ts';
import type { StoredFile, UploadRepository } from './repository.ts';

/** Hot images are answered from memory; the database holds every byte, so this is only a cache. */
const SERVED_FILES_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The uploads' files as visitors fetch them, the recent ones from memory. A file never changes under its
 * name, so a cached copy is never stale; a deleted image is forgotten here at once, and by other instances
 * when their copy ages out.
 */
export function createServedFiles(uploads: UploadRepository) {
  const cache = new LRUCache<string, StoredFile>({
    maxSize: SERVED_FILES_CACHE_BYTES,
    sizeCalculation: (file) => Math.max(file.data.length, 1),
  });
  return {
    async get(id: string, file: string): Promise<StoredFile | undefined> {
      const key = `${id}/${file}`;
      const cached = cache.get(key);
      if (cached) return cached;
      // Anything but an upload's form names nothing: no query for it.
      if (!uploadOfUrl(`/uploads/${key}`)) return undefined;
      const stored = await uploads.findFile(id, file);
      if (stored) cache.set(key, stored);
      return stored;
    },
    forget(id: string): void {
      for (const key of cache.keys()) if (key.startsWith(`${id}/`)) cache.delete(key);
    },
  };
}

export type ServedFiles = ReturnType<typeof createServedFiles>;
