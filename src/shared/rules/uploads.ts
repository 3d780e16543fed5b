/**
 * Uploaded images (issue 19): limits and messages. Their addresses are in upload-addresses.ts, which public pages
 * import without these texts. Contracts in contracts/uploads.ts.
 */

/** The largest image file taken: 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
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
