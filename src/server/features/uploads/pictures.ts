import type { UploadPicture } from '../../../shared/contracts/uploads.ts';
import { uploadIdsIn } from '../../../shared/rules/upload-addresses.ts';
import type { UploadRepository, UploadSizes } from './repository.ts';

/** An upload's sizes as a page lists them: WebP first, then the original format; `src` the largest original. */
function pictureOf(upload: UploadSizes): UploadPicture {
  const byType = new Map<string, string[]>();
  let largest: UploadSizes['files'][number] | undefined;
  for (const file of upload.files) {
    const list = byType.get(file.mime) ?? [];
    list.push(`/uploads/${upload.id}/${file.name} ${file.width}w`);
    byType.set(file.mime, list);
    if (file.mime === upload.mime && (!largest || file.width > largest.width)) largest = file;
  }
  const types = [...byType.keys()].sort((a, b) => Number(b === 'image/webp') - Number(a === 'image/webp'));
  return {
    src: largest ? `/uploads/${upload.id}/${largest.name}` : '',
    width: largest?.width ?? upload.width,
    height: largest?.height ?? upload.height,
    sources: types.map((type) => ({ type, srcset: byType.get(type)!.join(', ') })),
  };
}

/**
 * The uploads that texts (a post's image, its Markdown) point at, as pictures by upload id (`pictureKey`; the
 * demo's pictures by their address, `withDemoPictures`).
 */
export type PicturesOf = (texts: string[]) => Promise<Map<string, UploadPicture>>;

export function createPicturesOf(uploads: Pick<UploadRepository, 'sizesOf'>): PicturesOf {
  return async (texts) => {
    const ids = [...new Set(texts.flatMap(uploadIdsIn))];
    const sizes = await uploads.sizesOf(ids);
    return new Map([...sizes].map(([id, upload]) => [id, pictureOf(upload)]));
  };
}
