import type { UploadPicture } from '../../shared/contracts/uploads.ts';
import type { PicturesOf } from '../features/uploads/pictures.ts';

/** The demo posts' pictures: public/demo/blog/{name}.jpg, drawn by scripts/demo-images.ts. */
export const DEMO_PICTURE_NAMES = [
  'reach-us-on-whatsapp',
  'withdrawals-explained',
  'never-share-your-otp',
  'festival-support-hours',
  'match-day-replies',
  'take-a-break-tic-tac-toe',
] as const;
export type DemoPictureName = (typeof DEMO_PICTURE_NAMES)[number];

/** Each picture's size: also a share card's (1200×630). */
export const DEMO_PICTURE_WIDTH = 1200;
export const DEMO_PICTURE_HEIGHT = 630;
/** The widths of each picture's WebP copies, beside the JPEG: `{name}-{width}.webp`. */
export const DEMO_PICTURE_WEBP_WIDTHS = [400, 800, 1200] as const;

const DEMO_PICTURE_DIR = '/demo/blog';

export function demoPicturePath(name: DemoPictureName): string {
  return `${DEMO_PICTURE_DIR}/${name}.jpg`;
}

const PICTURES = new Map<string, UploadPicture>(
  DEMO_PICTURE_NAMES.map((name) => [
    demoPicturePath(name),
    {
      src: demoPicturePath(name),
      width: DEMO_PICTURE_WIDTH,
      height: DEMO_PICTURE_HEIGHT,
      sources: [
        {
          type: 'image/webp',
          srcset: DEMO_PICTURE_WEBP_WIDTHS.map(
            (width) => `${DEMO_PICTURE_DIR}/${name}-${width}.webp ${width}w`,
          ).join(', '),
        },
      ],
    },
  ]),
);

/**
 * The demo pictures in sizes, as uploads are (by their address, where an upload is found by its id): a phone
 * showing the blog's cards fetches an 800-pixel WebP of 4–8 KB instead of a 1200-pixel JPEG of 20–30 KB, so
 * the list's first picture, its largest paint, no longer shares a slow link with five times its bytes.
 */
export function withDemoPictures(picturesOf: PicturesOf): PicturesOf {
  return async (texts) => {
    const pictures = await picturesOf(texts);
    for (const text of texts) {
      const picture = PICTURES.get(text);
      if (picture) pictures.set(text, picture);
    }
    return pictures;
  };
}
