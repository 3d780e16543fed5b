import jsQR from 'jsqr';
import sharp from 'sharp';

/** A picture's pixels as RGBA, with its size. */
export async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), ...info };
}

/** What the QR code in a picture says, read by a real decoder (jsQR); undefined when none is read. */
export async function qrText(png: Buffer): Promise<string | undefined> {
  const { data, width, height } = await pixels(png);
  return jsQR(data, width, height)?.data;
}
