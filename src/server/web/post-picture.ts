import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { uploadOfUrl } from '../../shared/rules/upload-addresses.ts';
import type { CardPicture } from './brand-images.ts';

/** Decision 026: how long, how much and what the server fetches for a post's share card. */
const POST_PICTURE_TIMEOUT_MS = 3000;
const POST_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Beyond this many pixels decoding alone would cost more memory than a card is worth. */
const POST_PICTURE_MAX_PIXELS = 6000 * 6000;

// Satori draws PNG and JPEG (and SVG, which could pull in other URLs: refused).
const DRAWN_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** The bytes as a picture satori can draw, or null: the type is read from the bytes, not from a header. */
function pictureOf(bytes: Buffer): CardPicture | null {
  try {
    const { type, width, height } = imageSize(bytes);
    const mime = type === undefined ? undefined : DRAWN_TYPES[type];
    if (!mime || !width || !height || width * height > POST_PICTURE_MAX_PIXELS) return null;
    return { dataUrl: `data:${mime};base64,${bytes.toString('base64')}`, width, height };
  } catch {
    return null;
  }
}

/** Reads a response body up to the cap; null when it is larger (the rest is never downloaded). */
async function cappedBody(response: Response): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > POST_PICTURE_MAX_BYTES || !response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > POST_PICTURE_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

async function fetchPicture(url: URL): Promise<Buffer | null> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(POST_PICTURE_TIMEOUT_MS),
    headers: { accept: 'image/png,image/jpeg' },
  });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return cappedBody(response);
}

/** A path on this site (the demo's posts use /demo/blog/...): a file of the client build, never outside it. */
async function readSiteFile(clientDir: string, sitePath: string): Promise<Buffer | null> {
  const root = await realpath(clientDir);
  const file = await realpath(path.join(root, decodeURIComponent(sitePath.split(/[?#]/)[0]!)));
  if (!file.startsWith(root + path.sep)) return null;
  if ((await stat(file)).size > POST_PICTURE_MAX_BYTES) return null;
  return readFile(file);
}

/**
 * The picture an admin gave a post, for its share card: fetched over http(s) with a time and size cap, read
 * from the uploads, or read from the site's own files for another path. Null on any failure: the card is then drawn without it.
 */
export async function loadPostPicture(
  image: string,
  { clientDir, uploadedImage }: { clientDir: string; uploadedImage(url: string): Promise<Buffer | null> },
): Promise<CardPicture | null> {
  try {
    if (uploadOfUrl(image)) {
      // Uploads are JPEG, PNG, WebP, AVIF or GIF: the ones satori cannot draw go to it as PNG.
      const bytes = await uploadedImage(image);
      if (!bytes) return null;
      const { default: sharp } = await import('sharp');
      const { format } = await sharp(bytes).metadata();
      return pictureOf(format === 'jpeg' || format === 'png' ? bytes : await sharp(bytes).png().toBuffer());
    }
    if (image.startsWith('/') && !image.startsWith('//')) {
      const bytes = await readSiteFile(clientDir, image);
      return bytes && pictureOf(bytes);
    }
    const url = new URL(image);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const bytes = await fetchPicture(url);
    return bytes && pictureOf(bytes);
  } catch {
    return null;
  }
}
