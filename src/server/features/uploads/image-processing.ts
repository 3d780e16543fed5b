import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { UPLOAD_WIDTHS } from '../../../shared/rules/upload-addresses.ts';
import { UPLOAD_MAX_SIDE_PIXELS, UPLOAD_MESSAGES } from '../../../shared/rules/uploads.ts';

/** Past this many pixels decoding alone would take hundreds of megabytes: a decompression bomb is refused. */
const UPLOAD_MAX_PIXELS = 50_000_000;

/** An image refused for what its bytes are (not an accepted type, too many pixels): a 400 with `message`. */
export class UnacceptableImageError extends Error {}

interface ImageType {
  mime: string;
  extension: string;
  encode: (image: Sharp) => Sharp;
}

// By sharp's name of the format read from the bytes; AVIF is read as `heif` compressed with AV1 (HEIC, with
// HEVC, is refused: browsers cannot show it).
const ACCEPTED_TYPES: Record<string, ImageType> = {
  jpeg: {
    mime: 'image/jpeg',
    extension: 'jpg',
    encode: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  },
  png: { mime: 'image/png', extension: 'png', encode: (image) => image.png() },
  webp: { mime: 'image/webp', extension: 'webp', encode: (image) => image.webp({ quality: 80 }) },
  avif: { mime: 'image/avif', extension: 'avif', encode: (image) => image.avif({ quality: 60 }) },
  gif: { mime: 'image/gif', extension: 'gif', encode: (image) => image.gif() },
};
const WEBP = ACCEPTED_TYPES.webp!;

export interface ImageFile {
  /** e.g. `800.webp` */
  name: string;
  mime: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  mime: string;
  /** After applying the EXIF orientation. */
  width: number;
  height: number;
  files: ImageFile[];
  /** The largest file in the original format: the upload's address names it. */
  mainFile: string;
}

function typeOf(metadata: Metadata): ImageType | undefined {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? ACCEPTED_TYPES.avif : undefined;
  return ACCEPTED_TYPES[metadata.format];
}

/** The widths to make: each standard width narrower than the image, and the image's own up to the largest. */
function widthsFor(width: number): number[] {
  const largest = Math.min(width, UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]!);
  return [...UPLOAD_WIDTHS.filter((candidate) => candidate < largest), largest];
}

/**
 * Checks an uploaded file from its bytes and makes its sizes. Every file is encoded anew by sharp, which
 * writes no metadata unless asked: EXIF (camera, GPS position), XMP and IPTC never reach a visitor. The
 * orientation EXIF gave is applied to the pixels first. An animated GIF keeps its first frame only: a
 * moving picture in a post is rare, and every frame would multiply the work and the bytes stored.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  // Loaded with the first upload: sharp and libvips take memory an instance that serves pages never needs.
  const { default: sharp } = await import('sharp');
  const options: SharpOptions = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' };
  let metadata: Metadata;
  try {
    // The header alone: the pixel limit is checked below, with its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnacceptableImageError(UPLOAD_MESSAGES.unsupportedType);
  }
  const type = typeOf(metadata);
  if (!type) throw new UnacceptableImageError(UPLOAD_MESSAGES.unsupportedType);
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) {
    throw new UnacceptableImageError(UPLOAD_MESSAGES.tooManyPixels);
  }
  if (metadata.width > UPLOAD_MAX_SIDE_PIXELS || metadata.height > UPLOAD_MAX_SIDE_PIXELS) {
    throw new UnacceptableImageError(UPLOAD_MESSAGES.tooWide);
  }
  const base = sharp(bytes, options).rotate();
  // Orientations 5 to 8 turn the picture a quarter: width and height swap.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  const widths = widthsFor(width);
  const encodings = widths.flatMap((target) =>
    [WEBP, ...(type === WEBP ? [] : [type])].map(async (format) => {
      const resized = base.clone().resize({ width: target, withoutEnlargement: true });
      const { data, info } = await format.encode(resized).toBuffer({ resolveWithObject: true });
      return {
        name: `${target}.${format.extension}`,
        mime: format.mime,
        width: info.width,
        height: info.height,
        data,
      };
    }),
  );
  let files: ImageFile[];
  try {
    files = await Promise.all(encodings);
  } catch {
    // Readable headers over broken pixels: refused like any file that is not an image.
    throw new UnacceptableImageError(UPLOAD_MESSAGES.unsupportedType);
  }
  return {
    mime: type.mime,
    width,
    height,
    files,
    mainFile: `${widths[widths.length - 1]}.${type.extension}`,
  };
}
