import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Font } from 'satori';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../../shared/rules/share-cards.ts';
import { brandInitial } from '../lib/brand-initial.ts';

// Loaded with the first picture drawn: an instance never asked for an icon or a share card never pays for
// them (together about half a second of start-up and tens of megabytes).
const loadSatori = async () => (await import('satori')).default;
const loadSharp = async () => (await import('sharp')).default;
const loadPngToIco = async () => (await import('png-to-ico')).default;

/** The public site's colours (Tailwind's indigo-700 and slate-50, as the pages use them). */
export const SITE_PALETTE = {
  brand: '#4338ca',
  brandDark: '#312e81',
  background: '#f8fafc',
  text: '#0f172a',
  muted: '#475569',
} as const;

const require = createRequire(import.meta.url);

// Fonts come with the package (WOFF, which satori reads); titles and brands may be in Hindi, hence Devanagari.
// One name per file: satori keeps one font per name and weight, and falls back across names glyph by glyph.
const FONT_DIR = path.dirname(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'));
const FONT_FILES = [
  ['latin', 400],
  ['latin', 700],
  ['latin-ext', 400],
  ['latin-ext', 700],
  ['devanagari', 400],
  ['devanagari', 700],
] as const;

const CARD_FONT_FAMILY = FONT_FILES.filter(([, weight]) => weight === 400)
  .map(([subset]) => `'Noto Sans ${subset}'`)
  .join(', ');

let fonts: Font[] | undefined;
function cardFonts(): Font[] {
  fonts ??= FONT_FILES.map(([subset, weight]) => ({
    name: `Noto Sans ${subset}`,
    data: readFileSync(path.join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

/** A satori element: the shape React elements have, written without React (the server has no JSX). */
interface Element {
  type: string;
  key: null;
  props: {
    style?: Record<string, string | number>;
    children?: Element | string | (Element | string)[];
  } & Record<string, unknown>;
}

function box(style: Element['props']['style'], children?: Element['props']['children']): Element {
  return { type: 'div', key: null, props: { style: { display: 'flex', ...style }, children } };
}

/**
 * The site's icon as SVG (the initial drawn as outlines, so no font is needed to show it). `maskable` fills
 * the whole square and keeps the letter inside the middle 80%, where every platform's mask leaves it whole.
 * The one place that draws the icon: an uploaded logo would replace the letter here.
 */
export async function brandIconSvg(brand: string, { maskable = false }: { maskable?: boolean } = {}) {
  const size = 512;
  const satori = await loadSatori();
  return satori(
    box(
      {
        width: size,
        height: size,
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: SITE_PALETTE.brand,
        borderRadius: maskable ? 0 : 112,
        color: '#ffffff',
        fontSize: maskable ? 240 : 320,
        fontWeight: 700,
        fontFamily: CARD_FONT_FAMILY,
      },
      brandInitial(brand),
    ),
    { width: size, height: size, fonts: cardFonts() },
  );
}

export function svgToPng(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

/**
 * The icon from the brand's uploaded logo: the whole logo, scaled to fit the square. A maskable icon is
 * opaque white with the logo inside the middle 80% (platforms cut the rest to their shape); the others keep
 * the logo's own transparency.
 */
export async function logoIconPng(logo: Buffer, size: number, { maskable = false } = {}): Promise<Buffer> {
  const inner = maskable ? Math.round(size * 0.8) : size;
  const clear = { r: 255, g: 255, b: 255, alpha: 0 };
  const sharp = await loadSharp();
  const fitted = await sharp(logo)
    .resize(inner, inner, { fit: 'contain', background: clear })
    .png()
    .toBuffer();
  return sharp({
    create: { width: size, height: size, channels: 4, background: maskable ? '#ffffff' : clear },
  })
    .composite([{ input: fitted, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** favicon.svg from the logo: its pixels in an SVG, as browsers ask for the SVG favicon first. */
export async function logoIconSvg(logo: Buffer): Promise<string> {
  const png = (await logoIconPng(logo, 128)).toString('base64');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><image width="128" height="128" href="data:image/png;base64,${png}"/></svg>`;
}

/** favicon.ico from the logo. */
export async function logoIconIco(logo: Buffer): Promise<Buffer> {
  const pngToIco = await loadPngToIco();
  return pngToIco(await Promise.all([16, 32, 48].map((size) => logoIconPng(logo, size))));
}

/** favicon.ico: the icon at the sizes browsers and Windows ask for, PNG-compressed inside the ICO. */
export async function brandIconIco(brand: string): Promise<Buffer> {
  const svg = await brandIconSvg(brand);
  const pngToIco = await loadPngToIco();
  return pngToIco([16, 32, 48].map((size) => svgToPng(svg, size)));
}

/** A post's picture, already checked to be an image satori draws (see post-image.ts). */
export interface CardPicture {
  dataUrl: string;
  width: number;
  height: number;
}

/** The title without the brand the card shows already ("Contact us | Sampark" becomes "Contact us"). */
function cardTitle(title: string, brand: string): string {
  const suffix = ` | ${brand}`;
  return title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length) : title;
}

/** The picture shown when a page is shared: the brand, the page's title and, for a post, its picture. */
export async function drawShareCard({
  brand,
  logo,
  title,
  picture,
}: {
  brand: string;
  /** The brand's uploaded logo, drawn where the initial would be. */
  logo?: Buffer | undefined;
  title: string;
  picture?: CardPicture | undefined;
}): Promise<Buffer> {
  const logoMark: Element | null = logo
    ? {
        type: 'img',
        key: null,
        props: {
          src: `data:image/png;base64,${(await logoIconPng(logo, 176)).toString('base64')}`,
          width: 88,
          height: 88,
          style: { width: 88, height: 88 },
        },
      }
    : null;
  const pictureWidth = 480;
  const text = box(
    {
      flexDirection: 'column',
      justifyContent: 'space-between',
      flexGrow: 1,
      padding: 72,
      backgroundColor: SITE_PALETTE.background,
      borderTop: `24px solid ${SITE_PALETTE.brand}`,
    },
    [
      box({ alignItems: 'center' }, [
        logoMark ??
          box(
            {
              width: 88,
              height: 88,
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: 20,
              backgroundColor: SITE_PALETTE.brand,
              color: '#ffffff',
              fontSize: 52,
              fontWeight: 700,
            },
            brandInitial(brand),
          ),
        box({ marginLeft: 28, fontSize: 44, fontWeight: 700, color: SITE_PALETTE.brandDark }, brand),
      ]),
      {
        type: 'div',
        key: null,
        props: {
          style: {
            display: 'block',
            fontSize: picture ? 56 : 68,
            fontWeight: 700,
            lineHeight: 1.2,
            color: SITE_PALETTE.text,
            lineClamp: 3,
          },
          children: cardTitle(title, brand),
        },
      },
    ],
  );
  const children: Element[] = [text];
  if (picture) {
    children.push({
      type: 'img',
      key: null,
      props: {
        src: picture.dataUrl,
        width: pictureWidth,
        height: SHARE_CARD_HEIGHT,
        style: { width: pictureWidth, height: SHARE_CARD_HEIGHT, objectFit: 'cover' },
      },
    });
  }
  const satori = await loadSatori();
  const svg = await satori(
    box({ width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, fontFamily: CARD_FONT_FAMILY }, children),
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      fonts: cardFonts(),
    },
  );
  return svgToPng(svg, SHARE_CARD_WIDTH);
}
