/** Uploaded images (issue 19): limits, messages and the form of their addresses. Contracts in contracts/uploads.ts. */

/** The largest image file taken: 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The widths an image is served in (never wider than the original), in WebP and in its own format. */
export const UPLOAD_WIDTHS = [400, 800, 1600] as const;
/**
 * The widest and tallest image taken, in pixels: a picture of 50 megapixels that is a few pixels high (an
 * "image" one row tall and 49 million wide) costs the decoder over a gigabyte.
 */
export const UPLOAD_MAX_SIDE_PIXELS = 12_000;
/** What the file chooser offers; the server checks the bytes whatever the browser says. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export const UPLOAD_MESSAGES = {
  uploaded: 'Image uploaded',
  deleted: 'Image deleted',
  notFound: 'Image not found',
  noFile: 'Choose an image file to upload',
  notMultipart: 'Send the image as a form upload (multipart/form-data) in the field "file"',
  unreadable:
    'The upload could not be read (it was cut off or is not a well-formed form upload): send the image again',
  unsupportedType: 'This file is not a JPEG, PNG, WebP, AVIF or GIF image',
  tooLarge: 'The image is larger than 10 MB: choose a smaller file',
  tooManyPixels: 'The image has too many pixels (at most 50 megapixels): choose a smaller image',
  tooWide: `The image is too wide or too tall (at most ${UPLOAD_MAX_SIDE_PIXELS.toLocaleString('en')} pixels each way): choose a smaller image`,
  busy: 'Other images are being processed now. Please try again in a few seconds.',
  inUse: 'This image is still used by a post or by the brand logo: remove it there first',
} as const;

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
