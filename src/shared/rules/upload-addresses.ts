/**
 * Uploaded images' addresses (issue 19): their sizes and the form of their addresses, apart from the upload
 * limits and messages (uploads.ts) so that a public page showing an upload (the brand logo) downloads none of
 * those texts.
 */

/** The widths an image is served in (never wider than the original), in WebP and in its own format. */
export const UPLOAD_WIDTHS = [400, 800, 1600] as const;

const UPLOAD_PATH =
  /\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-z0-9]+\.[a-z]+)/g;

/** The upload an address names (`/uploads/<id>/<file>`, on this site), or null for any other address. */
export function uploadOfUrl(url: string): { id: string; file: string } | null {
  const match = /^\/uploads\/([0-9a-f-]{36})\/([a-z0-9]+\.[a-z]+)$/.exec(url);
  return match ? { id: match[1]!, file: match[2]! } : null;
}

/**
 * The key of a post's picture in a map of pictures (PicturesOf): an upload's id, or for a file of the site
 * itself (the demo's pictures) its address.
 */
export function pictureKey(url: string): string {
  return uploadOfUrl(url)?.id ?? url;
}

/** The ids of the uploads a text (a post's Markdown) points at, each once. */
export function uploadIdsIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(UPLOAD_PATH), (match) => match[1]!))];
}

/**
 * An upload's smallest stored size, in WebP: the first of UPLOAD_WIDTHS, or the image's own width when it is
 * narrower (an upload's address names its largest file, `<width>.<extension>`). For an image shown small, as
 * the brand logo in a header is; any other address is itself.
 */
export function smallestUploadUrl(url: string): string {
  return url.replace(
    /^(\/uploads\/[0-9a-f-]{36}\/)(\d+)\.[a-z]+$/,
    (_match, folder: string, width: string) => `${folder}${Math.min(Number(width), UPLOAD_WIDTHS[0])}.webp`,
  );
}
