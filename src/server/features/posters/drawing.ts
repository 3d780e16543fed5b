import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brandInitial } from '../../lib/brand-initial.ts';

export interface PosterContent {
  size: 'A4' | 'A5';
  /** Texts arrive already in the poster's language; Hindi posters contain Devanagari. */
  language: 'en' | 'hi';
  brand: string;
  /** The brand's logo as PNG or JPEG bytes, or null: then a circle with the brand's first letter/digit is drawn. */
  logo: Buffer | null;
  headline: string;
  qrUrl: string;
  shownUrl: string;
  hoursTitle: string;
  hours: { days: string; hours: string }[];
}

type Weight = 400 | 700;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface TextBox extends Rect {
  kind: 'text';
  text: string;
  weight: Weight;
  size: number;
  baseline: number;
  colour: string;
}
/** The QR code with its quiet zone: `modules` is row-major, `count` modules a side, 1 for dark. */
export interface QrBox extends Rect {
  kind: 'qr';
  count: number;
  modules: Uint8Array;
  quietZone: number;
}
export interface LogoBox extends Rect {
  kind: 'logo';
  image: LogoImage;
}
export interface ShapeBox extends Rect {
  kind: 'circle' | 'rule';
  colour: string;
}
export type PosterBox = TextBox | QrBox | LogoBox | ShapeBox;

/** Where everything goes, in PDF points from the page's top left; both painters draw exactly this. */
export interface PosterLayout {
  width: number;
  height: number;
  boxes: PosterBox[];
}

interface TextMetrics {
  /** The shaped text's advance width, in ems. */
  width(text: string, weight: Weight): number;
  /** Its ink from the baseline, in ems (top upwards, bottom downwards; both positive for most text). */
  ink(text: string, weight: Weight): { top: number; bottom: number };
  /** The font's line box above and below the baseline, in ems. */
  ascent: number;
  descent: number;
}

export interface LogoImage {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

interface LayoutParts {
  metrics: TextMetrics;
  qr: { count: number; modules: Uint8Array };
  logo: LogoImage | null;
}

const PAGE_POINTS = {
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
} as const;
const PNG_PIXELS = { A4: { width: 1240, height: 1754 }, A5: { width: 874, height: 1240 } } as const;
/** One PNG pixel at 150 dpi, in points: the QR's modules are whole pixels, so they stay sharp. */
const PIXEL = 72 / 150;

const COLOURS = {
  brand: '#4338ca',
  headline: '#312e81',
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  white: '#ffffff',
  black: '#000000',
} as const;

// Sizes in hundredths of the page width, so A4 and A5 (the same shape) get the same design.
const MARGIN = 8;
const LOGO = 13;
const BRAND_SIZE = 7;
const HEADLINE_SIZE = 6;
const URL_SIZE = 3.6;
const HOURS_TITLE_SIZE = 4.2;
const HOURS_SIZE = 3.6;
const QR_MAX = 68;
/** The QR shrinks to this before the text does: about 5 cm of modules on A5, scannable from a counter. */
const QR_MIN = 44;
const QUIET_ZONE = 4;
/** Logos wider than tall may take up to this many times the height. */
const LOGO_MAX_ASPECT = 2.5;
const LOGO_PIXELS = 600;

const require = createRequire(import.meta.url);

// Noto Sans Devanagari also has Latin, so English, Hindi and mixed texts need this one family.
const FONT_PATHS: Record<Weight, string> = {
  400: require.resolve(
    '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  ),
  700: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

/** The part of fontkit used here (it ships no types). */
interface FontkitPath {
  scale(x: number, y: number): FontkitPath;
  translate(x: number, y: number): FontkitPath;
  toSVG(): string;
}
interface FontkitRun {
  advanceWidth: number;
  bbox: { minY: number; maxY: number };
  glyphs: { path: FontkitPath }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}
interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  layout(text: string): FontkitRun;
}

interface PosterFonts {
  files: Record<Weight, Buffer>;
  shapers: Record<Weight, FontkitFont>;
}

let fonts: PosterFonts | undefined;

// Loaded with the first poster: fontkit, pdfkit, resvg and qrcode cost start-up time and memory otherwise.
function posterFonts(): PosterFonts {
  if (!fonts) {
    const fontkit = require('fontkit') as { create(data: Buffer): FontkitFont };
    const files = { 400: readFileSync(FONT_PATHS[400]), 700: readFileSync(FONT_PATHS[700]) };
    fonts = { files, shapers: { 400: fontkit.create(files[400]), 700: fontkit.create(files[700]) } };
  }
  return fonts;
}

type Shape = (text: string, weight: Weight) => FontkitRun;

/**
 * fontkit's shaping, each text shaped once per poster (a Devanagari run takes a millisecond or more), and the
 * metrics the layout reads from it. Per poster, not per process: a cache of every text ever drawn would grow.
 */
function posterShaping({ shapers }: PosterFonts): { shape: Shape; metrics: TextMetrics } {
  const runs = new Map<string, FontkitRun>();
  const shape: Shape = (text, weight) => {
    const key = `${weight}:${text}`;
    let found = runs.get(key);
    if (!found) {
      found = shapers[weight].layout(text);
      runs.set(key, found);
    }
    return found;
  };
  const em = shapers[400].unitsPerEm;
  const metrics: TextMetrics = {
    width: (text, weight) => shape(text, weight).advanceWidth / em,
    ink: (text, weight) => {
      const { bbox } = shape(text, weight);
      return { top: bbox.maxY / em, bottom: -bbox.minY / em };
    },
    ascent: shapers[400].ascent / em,
    descent: -shapers[400].descent / em,
  };
  return { shape, metrics };
}

function imageMime(bytes: Buffer): LogoImage['mime'] | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  return null;
}

/**
 * The logo decoded and encoded again, upright and at most LOGO_PIXELS a side: that proves the bytes are an
 * image both painters can draw, and keeps a phone photo from making the PDF megabytes. Null when it is not.
 */
async function posterLogo(bytes: Buffer | null): Promise<LogoImage | null> {
  const mime = bytes && imageMime(bytes);
  if (!bytes || !mime) return null;
  try {
    const sharp = (await import('sharp')).default;
    const image = sharp(bytes)
      .rotate()
      .resize(LOGO_PIXELS, LOGO_PIXELS, { fit: 'inside', withoutEnlargement: true });
    const encoded = mime === 'image/png' ? image.png() : image.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, mime, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

async function posterQr(url: string): Promise<LayoutParts['qr']> {
  const { create } = await import('qrcode');
  const { modules } = create(url, { errorCorrectionLevel: 'M' });
  return { count: modules.size, modules: modules.data };
}

async function shapedLayout(content: PosterContent): Promise<{ layout: PosterLayout; shape: Shape }> {
  const [qr, logo] = await Promise.all([posterQr(content.qrUrl), posterLogo(content.logo)]);
  const { shape, metrics } = posterShaping(posterFonts());
  return { layout: posterLayout(content, { metrics, qr, logo }), shape };
}

/** Where each part of the poster goes, as both drawings place it. */
export async function layoutPoster(content: PosterContent): Promise<PosterLayout> {
  return (await shapedLayout(content)).layout;
}

/** Words into lines no wider than `limit` ems (a longer word gets a line of its own). */
function wrap(words: string[], limit: number, widthOf: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && widthOf(`${last} ${word}`) <= limit)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The text in at most `maxLines` lines no wider than `maxWidth`, at the largest size up to `maxSize` that
 * allows it; the lines are balanced, so a headline does not end in one lonely word.
 */
function fitText(
  text: string,
  weight: Weight,
  maxSize: number,
  maxWidth: number,
  maxLines: number,
  metrics: TextMetrics,
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { lines: [], size: maxSize };
  // Lines measured word by word: shaping every candidate line would take a second for a Hindi headline.
  const space = metrics.width(' ', weight);
  const widthOf = (line: string) =>
    line.split(' ').reduce((sum, word) => sum + metrics.width(word, weight) + space, -space);
  const fits = (lines: string[], limit: number) =>
    lines.length <= maxLines && lines.every((line) => widthOf(line) <= limit);
  let size = maxSize;
  for (let step = 0; step < 80 && !fits(wrap(words, maxWidth / size, widthOf), maxWidth / size); step++)
    size *= 0.96;
  let limit = maxWidth / size;
  const count = wrap(words, limit, widthOf).length;
  if (!fits(wrap(words, limit, widthOf), limit)) {
    // Still too long after shrinking a lot: one line, as small as it takes.
    const line = words.join(' ');
    return { lines: [line], size: Math.min(maxSize, maxWidth / Math.max(widthOf(line), 1e-6)) };
  }
  let narrow = 0;
  for (let step = 0; step < 24; step++) {
    const middle = (narrow + limit) / 2;
    const lines = wrap(words, middle, widthOf);
    if (lines.length <= count && fits(lines, middle)) limit = middle;
    else narrow = middle;
  }
  return { lines: wrap(words, limit, widthOf), size };
}

function textBox(
  text: string,
  weight: Weight,
  size: number,
  colour: string,
  at: { x: number; top: number },
  metrics: TextMetrics,
): TextBox {
  return {
    kind: 'text',
    text,
    weight,
    size,
    colour,
    x: at.x,
    y: at.top,
    width: metrics.width(text, weight) * size,
    height: (metrics.ascent + metrics.descent) * size,
    baseline: at.top + metrics.ascent * size,
  };
}

/** A block of the page, placed once the heights of all of them are known. */
interface Section {
  height: number;
  place(top: number): PosterBox[];
}

interface SectionContext {
  content: PosterContent;
  parts: LayoutParts;
  page: { width: number; height: number };
  /** A hundredth of the page width. */
  unit: number;
  /** How much the text is shrunk to fit the page (1: not at all). */
  scale: number;
}

function lineHeight(metrics: TextMetrics, size: number): number {
  return (metrics.ascent + metrics.descent) * size;
}

/** The logo (or the initial in a circle) and the brand beside it, centred together. */
function headerSection({ content, parts, page, unit, scale }: SectionContext): Section {
  const { metrics, logo } = parts;
  const logoHeight = LOGO * unit * scale;
  const aspect = logo ? Math.min(logo.width / logo.height, LOGO_MAX_ASPECT) : 1;
  const logoWidth = logoHeight * aspect;
  const markHeight =
    logo && logo.width / logo.height > LOGO_MAX_ASPECT ? logoWidth / (logo.width / logo.height) : logoHeight;
  const gap = 3 * unit * scale;
  const room = page.width - 2 * MARGIN * unit - logoWidth - gap;
  const brand = fitText(content.brand, 700, BRAND_SIZE * unit * scale, room, 2, metrics);
  const brandWidth = Math.max(0, ...brand.lines.map((line) => metrics.width(line, 700) * brand.size));
  const brandHeight = brand.lines.length * lineHeight(metrics, brand.size);
  const height = Math.max(logoHeight, brandHeight);
  const left = (page.width - logoWidth - (brandWidth > 0 ? gap + brandWidth : 0)) / 2;
  return {
    height,
    place(top) {
      const mark = { x: left, y: top + (height - markHeight) / 2, width: logoWidth, height: markHeight };
      const boxes: PosterBox[] = logo
        ? [{ kind: 'logo', image: logo, ...mark }]
        : [{ kind: 'circle', colour: COLOURS.brand, ...mark }, ...initialBoxes(content.brand, mark, metrics)];
      const brandTop = top + (height - brandHeight) / 2;
      brand.lines.forEach((line, index) => {
        const at = { x: left + logoWidth + gap, top: brandTop + index * lineHeight(metrics, brand.size) };
        boxes.push(textBox(line, 700, brand.size, COLOURS.text, at, metrics));
      });
      return boxes;
    },
  };
}

/** The initial, white, its ink centred in the circle whatever the script. */
function initialBoxes(brand: string, circle: Rect, metrics: TextMetrics): TextBox[] {
  const letter = brandInitial(brand);
  const ink = metrics.ink(letter, 700);
  const size = Math.min(circle.height * 0.5, (circle.height * 0.6) / Math.max(ink.top + ink.bottom, 0.1));
  const width = metrics.width(letter, 700) * size;
  const baseline = circle.y + circle.height / 2 + ((ink.top - ink.bottom) / 2) * size;
  const at = { x: circle.x + (circle.width - width) / 2, top: baseline - metrics.ascent * size };
  return [textBox(letter, 700, size, COLOURS.white, at, metrics)];
}

function centredLines(
  lines: string[],
  weight: Weight,
  size: number,
  colour: string,
  { page, parts }: SectionContext,
): Section {
  const pitch = lineHeight(parts.metrics, size);
  return {
    height: lines.length * pitch,
    place: (top) =>
      lines.map((line, index) => {
        const x = (page.width - parts.metrics.width(line, weight) * size) / 2;
        return textBox(line, weight, size, colour, { x, top: top + index * pitch }, parts.metrics);
      }),
  };
}

function headlineSection(context: SectionContext): Section {
  const { content, parts, page, unit, scale } = context;
  const width = page.width - 2 * MARGIN * unit;
  const { lines, size } = fitText(
    content.headline,
    700,
    HEADLINE_SIZE * unit * scale,
    width,
    3,
    parts.metrics,
  );
  return centredLines(lines, 700, size, COLOURS.headline, context);
}

function urlSection(context: SectionContext): Section {
  const { content, parts, page, unit, scale } = context;
  const width = page.width - 2 * MARGIN * unit;
  const { lines, size } = fitText(content.shownUrl, 400, URL_SIZE * unit * scale, width, 1, parts.metrics);
  return centredLines(lines, 400, size, COLOURS.muted, context);
}

/** The QR code, its modules whole PNG pixels, centred; `size` includes the quiet zone. */
function qrSection({ parts, page }: SectionContext, size: number): Section {
  const { count, modules } = parts.qr;
  const side = count + 2 * QUIET_ZONE;
  const module = Math.max(PIXEL, Math.floor(size / side / PIXEL) * PIXEL);
  const width = module * side;
  const x = Math.round((page.width - width) / 2 / PIXEL) * PIXEL;
  return {
    height: width,
    place: (top) => {
      const y = Math.ceil(top / PIXEL) * PIXEL;
      return [{ kind: 'qr', count, modules, quietZone: QUIET_ZONE, x, y, width, height: width }];
    },
  };
}

/** The title, then a table of two columns, days and hours, centred. */
function hoursSection(context: SectionContext): Section {
  const { content, parts, page, unit, scale } = context;
  const { metrics } = parts;
  if (content.hours.length === 0) return { height: 0, place: () => [] };
  const room = page.width - 2 * MARGIN * unit;
  const title = fitText(content.hoursTitle, 700, HOURS_TITLE_SIZE * unit * scale, room, 1, metrics);
  const widest = (key: 'days' | 'hours') =>
    Math.max(...content.hours.map((row) => metrics.width(row[key], 400)));
  const tableEms = widest('days') + 1.5 + widest('hours');
  const size = Math.min(HOURS_SIZE * unit * scale, room / tableEms);
  const pitch = lineHeight(metrics, size) * 1.1;
  const titleSection = centredLines(title.lines, 700, title.size, COLOURS.text, context);
  const gap = unit * scale;
  const left = (page.width - tableEms * size) / 2;
  const hoursX = left + (widest('days') + 1.5) * size;
  return {
    height: titleSection.height + gap + content.hours.length * pitch,
    place(top) {
      const boxes = titleSection.place(top);
      content.hours.forEach((row, index) => {
        const rowTop = top + titleSection.height + gap + index * pitch;
        if (row.days)
          boxes.push(textBox(row.days, 400, size, COLOURS.text, { x: left, top: rowTop }, metrics));
        if (row.hours)
          boxes.push(textBox(row.hours, 400, size, COLOURS.text, { x: hoursX, top: rowTop }, metrics));
      });
      return boxes;
    },
  };
}

/**
 * The poster's layout: header, headline, QR with the shown URL, hours, top to bottom. Too much for the page
 * shrinks the QR code first (down to QR_MIN), then everything, until it fits; room to spare widens the gaps.
 */
function posterLayout(content: PosterContent, parts: LayoutParts): PosterLayout {
  const page = PAGE_POINTS[content.size];
  const unit = page.width / 100;
  const available = page.height - 2 * MARGIN * unit;
  let scale = 1;
  for (;;) {
    const context = { content, parts, page, unit, scale };
    const sections = [
      headerSection(context),
      headlineSection(context),
      urlSection(context),
      hoursSection(context),
    ];
    const [header, headline, url, hours] = sections as [Section, Section, Section, Section];
    const gaps = [4, 1.5, 0.5, hours.height > 0 ? 5 : 0].map((gap) => gap * unit * scale);
    const fixed =
      sections.reduce((sum, section) => sum + section.height, 0) + gaps.reduce((a, b) => a + b, 0);
    const room = available - fixed - 2 * PIXEL;
    const qrMin = QR_MIN * unit * Math.min(1, scale / 0.6);
    if (room >= qrMin || scale < 0.05) {
      const qr = qrSection(context, Math.max(Math.min(room, QR_MAX * unit), 0));
      return stack(page, unit, [header, headline, qr, url, hours], gaps, available - fixed - qr.height);
    }
    scale *= 0.95;
  }
}

/**
 * The sections top to bottom, `gaps[i]` after section i. Spare room widens the gaps after the header and
 * before the hours a little (the code's quiet zone already keeps it apart), the rest goes above and below.
 * A thin rule divides the code from the hours.
 */
function stack(
  page: { width: number; height: number },
  unit: number,
  sections: Section[],
  gaps: number[],
  spare: number,
): PosterLayout {
  const stretches = (index: number) => (index === 0 || index === 3) && (gaps[index] ?? 0) > 0;
  const stretching = gaps.filter((_, index) => stretches(index)).length;
  const widen = Math.max(0, Math.min(spare / (stretching + 2), 5 * unit));
  let top = MARGIN * unit + Math.max(0, spare - widen * stretching) / 2;
  const boxes: PosterBox[] = [];
  sections.forEach((section, index) => {
    const placed = section.place(top);
    boxes.push(...placed);
    const bottom = Math.max(top + section.height, ...placed.map((box) => box.y + box.height));
    const gap = (gaps[index] ?? 0) + (stretches(index) ? widen : 0);
    if (index === 3 && gap > 0) {
      const width = 30 * unit;
      boxes.push({
        kind: 'rule',
        colour: COLOURS.rule,
        x: (page.width - width) / 2,
        y: bottom + gap / 2,
        width,
        height: 0.75,
      });
    }
    top = bottom + gap;
  });
  return { width: page.width, height: page.height, boxes };
}

/** The dark modules as rectangles, runs in a row merged: fewer shapes, and no seams between neighbours. */
function darkRuns(qr: QrBox): Rect[] {
  const module = qr.width / (qr.count + 2 * qr.quietZone);
  const runs: Rect[] = [];
  for (let row = 0; row < qr.count; row++) {
    let start = -1;
    for (let col = 0; col <= qr.count; col++) {
      const dark = col < qr.count && qr.modules[row * qr.count + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        const x = qr.x + (qr.quietZone + start) * module;
        runs.push({
          x,
          y: qr.y + (qr.quietZone + row) * module,
          width: (col - start) * module,
          height: module,
        });
        start = -1;
      }
    }
  }
  return runs;
}

function paintPdf(doc: PDFKit.PDFDocument, box: PosterBox): void {
  switch (box.kind) {
    case 'text':
      doc
        .font(String(box.weight))
        .fontSize(box.size)
        .fillColor(box.colour)
        .text(box.text, box.x, box.baseline, { lineBreak: false, baseline: 'alphabetic' });
      break;
    case 'qr':
      doc.rect(box.x, box.y, box.width, box.height).fill(COLOURS.white);
      for (const run of darkRuns(box)) doc.rect(run.x, run.y, run.width, run.height);
      doc.fill(COLOURS.black);
      break;
    case 'logo':
      doc.image(box.image.data, box.x, box.y, { width: box.width, height: box.height });
      break;
    case 'circle':
      doc.circle(box.x + box.width / 2, box.y + box.height / 2, box.width / 2).fill(box.colour);
      break;
    case 'rule':
      doc.rect(box.x, box.y, box.width, box.height).fill(box.colour);
      break;
  }
}

/** The poster as a PDF of one page, its text real text (selectable, searchable) in the embedded font. */
export async function drawPosterPdf(content: PosterContent): Promise<Buffer> {
  const layout = await layoutPoster(content);
  const PDFDocument = (await import('pdfkit')).default;
  const doc = new PDFDocument({
    size: content.size,
    margin: 0,
    lang: content.language === 'hi' ? 'hi-IN' : 'en-IN',
    info: { Title: content.brand },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { files } = posterFonts();
  doc.registerFont('400', files[400]);
  doc.registerFont('700', files[700]);
  for (const box of layout.boxes) paintPdf(doc, box);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const svgNumber = (value: number) => Number(value.toFixed(3));

/**
 * The text as outlines of the glyphs fontkit shaped, as pdfkit does for the PDF. resvg's own shaping breaks
 * Devanagari (resvg-js 2.6.2 drops the spaces and misplaces vowel signs: "किराना" comes out as "क्रिमा").
 */
function svgText(box: TextBox, run: FontkitRun): string {
  const scale = box.size / posterFonts().shapers[box.weight].unitsPerEm;
  let pen = 0;
  const outlines = run.glyphs.map((glyph, index) => {
    const position = run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
    const x = box.x + (pen + position.xOffset) * scale;
    pen += position.xAdvance;
    return glyph.path
      .scale(scale, -scale)
      .translate(x, box.baseline - position.yOffset * scale)
      .toSVG();
  });
  return `<path d="${outlines.join('')}" fill="${box.colour}"/>`;
}

function svgElement(box: PosterBox, shape: Shape): string {
  switch (box.kind) {
    case 'text':
      return svgText(box, shape(box.text, box.weight));
    case 'qr': {
      const path = darkRuns(box)
        .map(
          (run) =>
            `M${svgNumber(run.x)} ${svgNumber(run.y)}h${svgNumber(run.width)}v${svgNumber(run.height)}h${svgNumber(-run.width)}z`,
        )
        .join('');
      return `<rect x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}" fill="${COLOURS.white}"/><path d="${path}" fill="${COLOURS.black}" shape-rendering="crispEdges"/>`;
    }
    case 'logo': {
      const href = `data:${box.image.mime};base64,${box.image.data.toString('base64')}`;
      return `<image x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}" href="${href}"/>`;
    }
    case 'circle':
      return `<circle cx="${svgNumber(box.x + box.width / 2)}" cy="${svgNumber(box.y + box.height / 2)}" r="${svgNumber(box.width / 2)}" fill="${box.colour}"/>`;
    case 'rule':
      return `<rect x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}" fill="${box.colour}"/>`;
  }
}

/** The poster as a 150 dpi PNG (to send on WhatsApp), drawn from the same layout as the PDF. */
export async function drawPosterPng(content: PosterContent): Promise<Buffer> {
  const { layout, shape } = await shapedLayout(content);
  const pixels = PNG_PIXELS[content.size];
  // The view box is the pixels in points at exactly 150 dpi, so the QR's modules fall on whole pixels.
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels.width}" height="${pixels.height}" viewBox="0 0 ${svgNumber(pixels.width * PIXEL)} ${svgNumber(pixels.height * PIXEL)}">`,
    `<rect width="100%" height="100%" fill="${COLOURS.white}"/>`,
    ...layout.boxes.map((box) => svgElement(box, shape)),
    '</svg>',
  ].join('');
  const { renderAsync } = await import('@resvg/resvg-js');
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    // Nothing left to set in a font: loading the system's would only cost time.
    font: { loadSystemFonts: false },
  });
  // About 55 KB (A5) to 90 KB (A4) as resvg writes it: sharp's palette would halve that but triple the time.
  return rendered.asPng();
}
