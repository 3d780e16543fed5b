import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BlogPostInput } from '../../../shared/contracts/blog.ts';
import { UPLOAD_MESSAGES } from '../../../shared/rules/uploads.ts';
import { codeOfStatus } from '../../lib/http-errors.ts';
import { cameraPhoto } from '../../test-support/camera-photo.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../../test-support/rendered-pages.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';
import { UPLOADS_ADMITTED_AT_ONCE } from './routes.ts';

const BOUNDARY = '----sampark-test-boundary';

/** A form upload of one file, as a browser sends it. */
function upload(bytes: Buffer, { filename = 'photo.jpg', type = 'image/jpeg', field = 'file' } = {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    method: 'POST' as const,
    url: '/api/uploads',
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A black-and-white PNG of `width`×`height`, one bit a pixel, all black: a few kilobytes, however large, as a
 * decompression bomb is.
 */
function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

describe.each(TEST_DIALECTS)('image uploads (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  async function uploaded(bytes: Buffer, options?: Parameters<typeof upload>[1]) {
    const response = await admin(upload(bytes, options));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { _id: string; url: string; width: number; height: number };
  }

  function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, code: codeOfStatus(status), message });
  }

  it('keeps a camera photo in three widths, WebP and JPEG, with no EXIF or GPS in any file served', async () => {
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const image = await uploaded(photo);
    expect(image).toEqual({
      _id: expect.any(String),
      url: `/uploads/${image._id}/1600.jpg`,
      width: 4000,
      height: 3000,
    });
    for (const [name, format, width, height] of [
      ['400.webp', 'webp', 400, 300],
      ['800.webp', 'webp', 800, 600],
      ['1600.webp', 'webp', 1600, 1200],
      ['400.jpg', 'jpeg', 400, 300],
      ['800.jpg', 'jpeg', 800, 600],
      ['1600.jpg', 'jpeg', 1600, 1200],
    ] as const) {
      const served = await t.app.inject({ url: `/uploads/${image._id}/${name}` });
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format,
        width,
        height,
      });
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
    }
    // The second time, from memory: the same bytes.
    const again = await t.app.inject({ url: image.url });
    expect(again.statusCode).toBe(200);
    expect((await sharp(again.rawPayload).metadata()).width).toBe(1600);
  });

  it('turns a photo as its EXIF orientation says, and never makes it larger than it is', async () => {
    const sideways = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const portrait = await sharp(sideways).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await uploaded(portrait);
    expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 600 });
    expect(image.url).toBe(`/uploads/${image._id}/300.jpg`);
    expect((await t.app.inject({ url: `/uploads/${image._id}/300.webp` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/uploads/${image._id}/400.webp` })).statusCode).toBe(404);
  });

  it('takes PNG, WebP, AVIF and GIF, each kept in its own format and in WebP', async () => {
    const pixels = sharp({ create: { width: 500, height: 250, channels: 4, background: '#fa0a' } });
    for (const [bytes, extension, mime] of [
      [await pixels.clone().png().toBuffer(), 'png', 'image/png'],
      [await pixels.clone().webp().toBuffer(), 'webp', 'image/webp'],
      [await pixels.clone().avif().toBuffer(), 'avif', 'image/avif'],
      [await pixels.clone().gif().toBuffer(), 'gif', 'image/gif'],
    ] as const) {
      const image = await uploaded(bytes, { filename: `picture.${extension}`, type: mime });
      expect(image.url).toBe(`/uploads/${image._id}/500.${extension}`);
      const served = await t.app.inject({ url: image.url });
      expect(served.headers['content-type']).toBe(mime);
      expect((await t.app.inject({ url: `/uploads/${image._id}/400.webp` })).statusCode).toBe(200);
    }
  });

  it('refuses a file named .jpg that is really HTML or SVG, and any file that is no image', async () => {
    for (const bytes of [HTML, SVG, 'just some text', '\u0000\u0001 binary']) {
      expectRefused(await admin(upload(Buffer.from(bytes))), 400, UPLOAD_MESSAGES.unsupportedType);
    }
    const truncated = (await cameraPhoto()).subarray(0, 2000);
    expectRefused(await admin(upload(truncated)), 400, UPLOAD_MESSAGES.unsupportedType);
  });

  it('takes a photo of several megabytes, beyond the limit of other requests', async () => {
    // Noise does not compress: 2000×1500 pixels make a JPEG of a few megabytes.
    const noise = await sharp(randomBytes(2000 * 1500 * 3), {
      raw: { width: 2000, height: 1500, channels: 3 },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await uploaded(noise)).width).toBe(2000);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const response = await admin(upload(Buffer.alloc(11 * 1024 * 1024, 0xff)));
    expectRefused(response, 413, UPLOAD_MESSAGES.tooLarge);
  });

  it('refuses an image with too many pixels to decode safely', async () => {
    // 10000×6000 of one colour: a few kilobytes of PNG that would take 240 MB to decode.
    const bomb = await sharp({ create: { width: 10_000, height: 6000, channels: 4, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expectRefused(await admin(upload(bomb, { type: 'image/png' })), 400, UPLOAD_MESSAGES.tooManyPixels);
  });

  it('refuses an image under the pixel limit that is too wide or too tall, before decoding it', async () => {
    // 49,000,000×1: 6 KB that passed the 50-megapixel limit and cost the decoder over a gigabyte.
    const strip = blankPng(49_000_000, 1);
    expect(strip.length).toBeLessThan(10_000);
    const before = process.memoryUsage().rss;
    expectRefused(await admin(upload(strip, { type: 'image/png' })), 400, UPLOAD_MESSAGES.tooWide);
    expectRefused(
      await admin(upload(blankPng(1, 13_000), { type: 'image/png' })),
      400,
      UPLOAD_MESSAGES.tooWide,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('takes as many uploads at once as it can process, and asks the rest to come back (503, Retry-After)', async () => {
    const photo = await cameraPhoto();
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin(upload(photo))));
    const taken = answers.filter((answer) => answer.statusCode === 201);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(taken.length + busy.length).toBe(20);
    expect(taken.length).toBeGreaterThanOrEqual(UPLOADS_ADMITTED_AT_ONCE);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: UPLOAD_MESSAGES.busy });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Once they are done, the next one is taken.
    await uploaded(photo);
  });

  it('asks for a file: none, an empty one, another field, or no form upload at all', async () => {
    expectRefused(await admin(upload(Buffer.alloc(0))), 400, UPLOAD_MESSAGES.noFile);
    expectRefused(await admin(upload(await cameraPhoto(), { field: 'image' })), 400, UPLOAD_MESSAGES.noFile);
    const json = await admin({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } });
    expectRefused(json, 415, UPLOAD_MESSAGES.notMultipart);
  });

  it('answers 400 to a form upload it cannot read: no boundary, a cut-off body, a broken part header', async () => {
    const photo = await cameraPhoto();
    const whole = upload(photo);
    const broken = [
      { ...whole, headers: { 'content-type': 'multipart/form-data' }, payload: '' },
      { ...whole, headers: { 'content-type': 'multipart/form-data' } },
      { ...whole, payload: whole.payload.subarray(0, 2000) },
      {
        ...whole,
        payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`),
      },
      { ...whole, payload: Buffer.from(`--${BOUNDARY}--\r\n`) },
    ];
    for (const options of broken) {
      const response = await admin(options);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().success).toBe(false);
    }
    await uploaded(photo);
  });

  it('is for those who write posts: 401 without a session, 403 for an agent', async () => {
    const photo = await cameraPhoto();
    expectAuthenticationRequired(await t.app.inject(asAdmin(undefined, upload(photo))));
    await createAdmin(t.database, {
      email: 'agent@example.com',
      password: 'agent password 1',
      role: 'agent',
    });
    const agent = await signIn(t.app, { email: 'agent@example.com', password: 'agent password 1' });
    const refused = await t.app.inject(asAdmin(agent, upload(photo)));
    expect(refused.statusCode).toBe(403);
    await createAdmin(t.database, {
      email: 'editor@example.com',
      password: 'editor password 1',
      role: 'editor',
    });
    const editor = await signIn(t.app, { email: 'editor@example.com', password: 'editor password 1' });
    expect((await t.app.inject(asAdmin(editor, upload(photo)))).statusCode).toBe(201);
  });

  it('answers 404 for a file or an image that does not exist', async () => {
    const image = await uploaded(await cameraPhoto());
    for (const url of [
      `/uploads/${image._id}/1600.png`,
      `/uploads/${image._id}/1600.jpg.txt`,
      `/uploads/${image._id}/%2e%2e`,
      '/uploads/0190a000-0000-7000-8000-000000000000/400.webp',
      '/uploads/not-an-id/400.webp',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  describe('deleting', () => {
    const post = (overrides: Partial<BlogPostInput>): BlogPostInput => ({
      title: 'With a picture',
      description: 'A post with a picture',
      content: 'Text only.',
      slug: `with-picture-${Math.random().toString(36).slice(2, 8)}`,
      ...overrides,
    });

    it('refuses while a post shows the image (feature image or Markdown), then deletes it', async () => {
      const image = await uploaded(await cameraPhoto());
      const other = await uploaded(await cameraPhoto());
      const featured = await admin({
        method: 'POST',
        url: '/api/blogs',
        payload: post({ image: image.url }),
      });
      expect(featured.statusCode).toBe(201);
      const inText = await admin({
        method: 'POST',
        url: '/api/blogs',
        payload: post({ content: `Look:\n\n![A harbour](/uploads/${other._id}/800.webp)` }),
      });
      expect(inText.statusCode).toBe(201);

      for (const id of [image._id, other._id]) {
        expectRefused(
          await admin({ method: 'DELETE', url: `/api/uploads/${id}` }),
          409,
          UPLOAD_MESSAGES.inUse,
        );
      }
      await admin({ method: 'DELETE', url: `/api/blogs/${featured.json().data._id}` });
      const deleted = await admin({ method: 'DELETE', url: `/api/uploads/${image._id}` });
      expect(deleted.json()).toEqual({ success: true, message: UPLOAD_MESSAGES.deleted });
      expect((await t.app.inject({ url: image.url })).statusCode).toBe(404);
      expectRefused(
        await admin({ method: 'DELETE', url: `/api/uploads/${image._id}` }),
        404,
        UPLOAD_MESSAGES.notFound,
      );
      expect((await t.app.inject({ url: `/uploads/${other._id}/800.webp` })).statusCode).toBe(200);
    });
  });

  it('shows an uploaded picture in a post in all its sizes, with its width and height', async () => {
    const feature = await uploaded(await cameraPhoto());
    const inText = await uploaded(
      await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
      { type: 'image/png' },
    );
    const created = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: {
        title: 'Pictures',
        description: 'A post with pictures',
        content: `Before.\n\n![A green field](${inText.url})\n\n![Elsewhere](https://example.com/a.png)`,
        slug: 'pictures',
        image: feature.url,
        imageAlt: 'A blue sky',
        isPublished: true,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.imageAlt).toBe('A blue sky');

    const { data } = (await t.app.inject({ url: '/api/blogs/pictures' })).json();
    expect(data.imagePicture).toEqual({
      src: feature.url,
      width: 1600,
      height: 1200,
      sources: [
        {
          type: 'image/webp',
          srcset: ['400', '800', '1600'].map((w) => `/uploads/${feature._id}/${w}.webp ${w}w`).join(', '),
        },
        {
          type: 'image/jpeg',
          srcset: ['400', '800', '1600'].map((w) => `/uploads/${feature._id}/${w}.jpg ${w}w`).join(', '),
        },
      ],
    });
    const srcset = `/uploads/${inText._id}/400.webp 400w, /uploads/${inText._id}/800.webp 800w, /uploads/${inText._id}/1000.webp 1000w`;
    expect(data.html).toContain(
      `<img src="${inText.url}" alt="A green field" loading="lazy" srcset="${srcset}" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" width="1000" height="500" decoding="async" />`,
    );
    // The list's card offers the same sizes.
    const list = (await t.app.inject({ url: '/api/blogs/published' })).json();
    expect(list.data[0].imagePicture).toEqual(data.imagePicture);
    // Another site's picture shows as before.
    expect(data.html).toContain('<img src="https://example.com/a.png" alt="Elsewhere" loading="lazy" />');
  });
});

describe.skipIf(!built).each(TEST_DIALECTS)(
  'a post page with uploaded pictures (%s, needs npm run build:web)',
  (dialect) => {
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });

    it('offers every size of the feature image and of a picture in the text, with their width and height', async () => {
      const send = async (bytes: Buffer, type: string) => {
        const response = await t.app.inject(asAdmin(t.cookie, upload(bytes, { type })));
        return response.json().data as { _id: string; url: string };
      };
      const feature = await send(await cameraPhoto(), 'image/jpeg');
      const inText = await send(
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a50' } })
          .png()
          .toBuffer(),
        'image/png',
      );
      const created = await t.app.inject(
        asAdmin(t.cookie, {
          method: 'POST',
          url: '/api/blogs',
          payload: {
            title: 'At the harbour',
            description: 'Boats',
            content: `Morning.\n\n![Nets on the quay](${inText.url})`,
            slug: 'at-the-harbour',
            image: feature.url,
            imageAlt: 'Boats at dawn',
            isPublished: true,
          },
        }),
      );
      expect(created.statusCode).toBe(201);

      const page = await t.app.inject({ url: '/blog/at-the-harbour' });
      expect(page.statusCode).toBe(200);
      const webp = ['400', '800', '1600'].map((w) => `/uploads/${feature._id}/${w}.webp ${w}w`).join(', ');
      const jpeg = ['400', '800', '1600'].map((w) => `/uploads/${feature._id}/${w}.jpg ${w}w`).join(', ');
      const sizes = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
      expect(page.body).toContain(`<source type="image/webp" srcSet="${webp}" sizes="${sizes}"/>`);
      expect(page.body).toContain(`<source type="image/jpeg" srcSet="${jpeg}" sizes="${sizes}"/>`);
      const list = await t.app.inject({ url: '/blog' });
      expect(list.body).toMatch(
        new RegExp(`<source type="image/webp" srcSet="${webp}" sizes="\\(min-width: 1024px\\) 23rem`),
      );
      expect(page.body).toMatch(
        new RegExp(`<img src="${feature.url}" width="1600" height="1200" alt="Boats at dawn"`),
      );
      expect(page.body).toContain(
        `<img src="${inText.url}" alt="Nets on the quay" loading="lazy" srcset="/uploads/${inText._id}/400.webp 400w, /uploads/${inText._id}/800.webp 800w, /uploads/${inText._id}/900.webp 900w" sizes="${sizes}" width="900" height="600" decoding="async" />`,
      );
    });

    it('draws the share card with the brand logo and the post’s uploaded picture', async () => {
      const send = async (bytes: Buffer, type: string) =>
        (await t.app.inject(asAdmin(t.cookie, upload(bytes, { type })))).json().data as { url: string };
      const colour = (background: string) =>
        sharp({ create: { width: 600, height: 600, channels: 3, background } })
          .png()
          .toBuffer();
      const logo = await send(await colour('#ff0000'), 'image/png');
      const picture = await send(
        await sharp(await colour('#00ff00'))
          .webp({ lossless: true })
          .toBuffer(),
        'image/webp',
      );
      const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{ settings: object }>();
      await t.app.inject(
        asAdmin(t.cookie, {
          method: 'PUT',
          url: '/api/admin/settings',
          payload: { ...settings, logo: logo.url },
        }),
      );
      await t.app.inject(
        asAdmin(t.cookie, {
          method: 'POST',
          url: '/api/blogs',
          payload: {
            title: 'Green',
            description: 'A field',
            content: 'Grass.',
            slug: 'green',
            image: picture.url,
            isPublished: true,
          },
        }),
      );
      const page = await t.app.inject({ url: '/blog/green' });
      const card = /<meta property="og:image" content="https?:\/\/[^/]+(\/share-cards\/[^"]+)"/.exec(
        page.body,
      )?.[1];
      expect(card).toBeDefined();
      const png = await t.app.inject({ url: card!.replaceAll('&amp;', '&') });
      expect(png.statusCode).toBe(200);
      const { data, info } = await sharp(png.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const offset = (y * info.width + x) * info.channels;
        return [...data.subarray(offset, offset + 3)];
      };
      // The logo where the initial would be (88 px at 72, 96); the picture on the right.
      expect(at(116, 140)).toEqual([255, 0, 0]);
      const [red, green, blue] = at(960, 315);
      expect({ red, green, blue }).toEqual({
        red: expect.toBeOneOf([0, 1, 2]),
        green: expect.toBeOneOf([253, 254, 255]),
        blue: expect.toBeOneOf([0, 1, 2]),
      });
    });
  },
);

describe.each(TEST_DIALECTS)('the brand logo (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  async function saveLogo(logo: string) {
    const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{ settings: object }>();
    return admin({ method: 'PUT', url: '/api/admin/settings', payload: { ...settings, logo } });
  }

  /** The colour of an icon's middle pixel. */
  async function middleColour(png: Buffer): Promise<number[]> {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return [...data.subarray(at, at + 3)];
  }

  it('draws the favicon and the home-screen icons from the logo, and is kept while used', async () => {
    const before = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(await middleColour(before.rawPayload)).not.toEqual([255, 0, 0]);

    const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const logo = (await admin(upload(red, { type: 'image/png', filename: 'logo.png' }))).json().data;
    const saved = await saveLogo(logo.url);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.logo).toBe(logo.url);

    for (const [path, size] of [
      ['/icons/icon-192.png', 192],
      ['/icons/maskable-512.png', 512],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const icon = await t.app.inject({ url: path });
      expect(icon.statusCode).toBe(200);
      expect((await sharp(icon.rawPayload).metadata()).width).toBe(size);
      expect(await middleColour(icon.rawPayload)).toEqual([255, 0, 0]);
    }
    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.body).toContain('data:image/png;base64,');
    expect((await t.app.inject({ url: '/favicon.ico' })).statusCode).toBe(200);

    const refused = await admin({ method: 'DELETE', url: `/api/uploads/${logo._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.inUse);

    // Removed: the initial again, and the image may go.
    expect((await saveLogo('')).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    expect((await admin({ method: 'DELETE', url: `/api/uploads/${logo._id}` })).statusCode).toBe(200);
  });

  it('takes only an uploaded image as the logo', async () => {
    const refused = await saveLogo('https://example.com/logo.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ logo: 'Upload the logo with the Upload logo button' });
  });
});
