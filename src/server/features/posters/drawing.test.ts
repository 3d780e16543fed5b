import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { debianTool } from '../../test-support/deploy-examples.ts';
import { pixels, qrText } from '../../test-support/qr-code.ts';
import { drawPosterPdf, drawPosterPng, layoutPoster, type PosterBox, type PosterContent } from './drawing.ts';

// The posters checked as their users meet them: the QR code read by a real decoder from the PNG and from the
// PDF as poppler renders it, and the Hindi read back by Tesseract (which cannot read Devanagari drawn a
// character at a time, or shaped as resvg shapes it: checked by hand when these tests were written).

const run = promisify(execFile);

const pdftoppm = debianTool('pdftoppm', 'poppler-utils');
const pdfinfo = debianTool('pdfinfo', 'poppler-utils');
const tesseract = debianTool('tesseract', 'tesseract-ocr tesseract-ocr-hin');

const english: PosterContent = {
  size: 'A4',
  language: 'en',
  brand: 'Sampark',
  logo: null,
  headline: 'Scan to reach us',
  qrUrl: 'https://shop.example/contact?src=counter',
  shownUrl: 'shop.example/contact',
  hoursTitle: 'Opening hours',
  hours: [
    { days: 'Mon–Fri', hours: '9:00 AM – 8:00 PM' },
    { days: 'Saturday', hours: '10:00 AM – 6:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
};

const hindi: PosterContent = {
  size: 'A5',
  language: 'hi',
  brand: 'शर्मा किराना',
  logo: null,
  headline: 'हमसे बात करने के लिए स्कैन करें',
  qrUrl: 'https://shop.example/contact?src=counter-hi',
  shownUrl: 'shop.example/contact',
  hoursTitle: 'खुलने का समय',
  hours: [
    { days: 'सोम–शुक्र', hours: 'सुबह 9:00 – रात 8:00' },
    { days: 'शनिवार', hours: 'सुबह 10:00 – शाम 6:00' },
    { days: 'रविवार', hours: 'बंद' },
  ],
};

/** Words only correct shaping draws readably: a reph conjunct, a reordered i-matra, a half form, an aa-matra. */
const SHAPED_WORDS = ['शर्मा', 'किराना', 'स्कैन', 'बात'];

const PAGES = {
  A4: { points: [595.28, 841.89], png: [1240, 1754], at100dpi: [827, 1170] },
  A5: { points: [419.53, 595.28], png: [874, 1240], at100dpi: [583, 827] },
} as const;

const cases = [
  { ...english, size: 'A4' },
  { ...english, size: 'A5' },
  { ...hindi, size: 'A4' },
  { ...hindi, size: 'A5' },
] satisfies PosterContent[];

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sampark-poster-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's one page as poppler draws it. */
function renderPdf(pdf: Buffer, dpi: number): Promise<Buffer> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    const args = ['-r', String(dpi), '-png', '-singlefile', 'poster.pdf', 'page'];
    await run(pdftoppm.require(), args, { cwd: dir });
    return readFile(path.join(dir, 'page.png'));
  });
}

function pdfInfo(pdf: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    return (await run(pdfinfo.require(), ['poster.pdf'], { cwd: dir })).stdout;
  });
}

function readHindi(png: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'in.png'), png);
    return (await run(tesseract.require(), ['in.png', '-', '-l', 'hin'], { cwd: dir })).stdout.normalize(
      'NFC',
    );
  });
}

/** Pixels of about `colour` in the top quarter of the picture, where the logo goes. */
async function pixelsAtTop(png: Buffer, [r, g, b]: [number, number, number]): Promise<number> {
  const { data, width, height } = await pixels(png);
  let count = 0;
  for (let offset = 0; offset < width * Math.floor(height / 4) * 4; offset += 4) {
    const near = (index: number, value: number) => Math.abs((data[offset + index] ?? -999) - value) < 24;
    if (near(0, r) && near(1, g) && near(2, b)) count++;
  }
  return count;
}

function overlap(a: PosterBox, b: PosterBox): boolean {
  const apart = 0.01;
  return (
    a.x < b.x + b.width - apart &&
    b.x < a.x + a.width - apart &&
    a.y < b.y + b.height - apart &&
    b.y < a.y + a.height - apart
  );
}

/** Every box inside the page and clear of its edges (5%: printers leave a few millimetres white), none on another. */
function expectTidy(content: PosterContent, boxes: PosterBox[]): void {
  const [width, height] = PAGES[content.size].points;
  const edge = width * 0.05;
  for (const box of boxes) {
    expect(box.x, JSON.stringify(box)).toBeGreaterThanOrEqual(edge);
    expect(box.y, JSON.stringify(box)).toBeGreaterThanOrEqual(edge);
    expect(box.x + box.width, JSON.stringify(box)).toBeLessThanOrEqual(width - edge);
    expect(box.y + box.height, JSON.stringify(box)).toBeLessThanOrEqual(height - edge);
  }
  // The initial sits on its circle by design; text, code and logo are kept apart.
  const solid = boxes.filter((box) => box.kind === 'text' || box.kind === 'qr' || box.kind === 'logo');
  for (const [index, a] of solid.entries()) {
    for (const b of solid.slice(index + 1))
      expect(overlap(a, b), `${JSON.stringify(a)} on ${JSON.stringify(b)}`).toBe(false);
  }
}

const headlineLines = (boxes: PosterBox[]) =>
  boxes.filter((box) => box.kind === 'text' && box.colour === '#312e81');

describe('drawPosterPng', () => {
  it.each(cases)('draws a $language $size poster whose QR code reads as its URL', async (content) => {
    const png = await drawPosterPng(content);
    const { width, height, format } = await sharp(png).metadata();
    expect(format).toBe('png');
    expect([width, height]).toEqual(PAGES[content.size].png);
    expect(png.length).toBeLessThan(400_000);
    expect(await qrText(png)).toBe(content.qrUrl);
  });

  it.runIf(tesseract.runChecks)(
    'draws Devanagari that Tesseract reads back word for word',
    { timeout: 60_000 },
    async () => {
      const text = await readHindi(await drawPosterPng(hindi));
      for (const word of SHAPED_WORDS) expect(text, text).toContain(word);
    },
  );
});

describe.runIf(pdftoppm.runChecks && pdfinfo.runChecks)('drawPosterPdf', () => {
  it.each(cases)(
    'makes one $language $size page poppler renders, whose QR code reads as its URL',
    async (content) => {
      const pdf = await drawPosterPdf(content);
      const info = await pdfInfo(pdf);
      expect(info).toMatch(/^Pages:\s+1$/m);
      expect(info).toContain(`Page size:       ${PAGES[content.size].points.join(' x ')} pts`);
      expect(info).toContain(`Title:           ${content.brand}`);
      expect(pdf.toString('latin1')).toContain(content.language === 'hi' ? '/Lang (hi-IN)' : '/Lang (en-IN)');
      const page = await renderPdf(pdf, 100);
      const { width, height } = await sharp(page).metadata();
      expect([width, height]).toEqual(PAGES[content.size].at100dpi);
      expect(await qrText(page)).toBe(content.qrUrl);
    },
  );

  it.runIf(tesseract.runChecks)(
    'draws Devanagari that Tesseract reads back word for word',
    { timeout: 60_000 },
    async () => {
      const text = await readHindi(await renderPdf(await drawPosterPdf(hindi), 200));
      for (const word of SHAPED_WORDS) expect(text, text).toContain(word);
    },
  );
});

describe('the logo', () => {
  const red = [220, 20, 20] as [number, number, number];
  const indigo = [0x43, 0x38, 0xca] as [number, number, number];
  const square = (format: 'png' | 'jpeg') =>
    sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: red[0], g: red[1], b: red[2] } },
    })
      .toFormat(format)
      .toBuffer();

  it.each(['png', 'jpeg'] as const)(
    'is drawn from %s bytes at the top, instead of the initial',
    async (format) => {
      const content = { ...english, logo: await square(format) };
      const png = await drawPosterPng(content);
      expect(await pixelsAtTop(png, red)).toBeGreaterThan(5000);
      expect(await pixelsAtTop(png, indigo)).toBe(0);
      const { boxes } = await layoutPoster(content);
      expect(boxes.filter((box) => box.kind === 'logo')).toHaveLength(1);
      expect(boxes.filter((box) => box.kind === 'circle')).toHaveLength(0);
      await expect(drawPosterPdf(content)).resolves.toBeInstanceOf(Buffer);
    },
  );

  it('gives way to the initial when the bytes are not an image', async () => {
    const truncated = (await square('png')).subarray(0, 60);
    for (const logo of [Buffer.from('not an image'), truncated]) {
      const content = { ...hindi, logo };
      const png = await drawPosterPng(content);
      expect(await pixelsAtTop(png, indigo)).toBeGreaterThan(5000);
      expect(await pixelsAtTop(png, red)).toBe(0);
      const { boxes } = await layoutPoster(content);
      expect(boxes.filter((box) => box.kind === 'circle')).toHaveLength(1);
      expect(boxes.some((box) => box.kind === 'text' && box.text === 'श')).toBe(true);
      await expect(drawPosterPdf(content)).resolves.toBeInstanceOf(Buffer);
    }
  });
});

describe('fitting the page', () => {
  const crowded = (language: 'en' | 'hi'): PosterContent =>
    language === 'hi'
      ? {
          ...hindi,
          size: 'A5',
          brand: 'शर्मा किराना एंड जनरल स्टोर, पुरानी दिल्ली',
          headline: 'हमसे बात करने के लिए स्कैन करें और अपना ऑर्डर व्हाट्सऐप पर भेजें',
          hours: Array.from({ length: 8 }, () => ({ days: 'सोमवार–शुक्रवार', hours: 'सुबह 9:00 – रात 8:00' })),
        }
      : {
          ...english,
          size: 'A5',
          brand: 'Sharma General Store & Dairy, Old Delhi',
          headline: 'Scan this code to send us your order on WhatsApp, at any time!',
          hours: Array.from({ length: 8 }, () => ({ days: 'Monday–Friday', hours: '10:30 AM – 10:30 PM' })),
        };

  it.each(['en', 'hi'] as const)(
    'keeps 8 hour rows and a 60-character headline (%s) on an A5 page, the code still readable',
    async (language) => {
      const content = crowded(language);
      expect([...content.headline].length).toBeGreaterThanOrEqual(60);
      const layout = await layoutPoster(content);
      expectTidy(content, layout.boxes);
      expect(headlineLines(layout.boxes).length).toBeLessThanOrEqual(3);
      const texts = layout.boxes.flatMap((box) => (box.kind === 'text' ? [box.text] : []));
      expect(
        headlineLines(layout.boxes)
          .map((box) => (box.kind === 'text' ? box.text : ''))
          .join(' '),
      ).toBe(content.headline);
      expect(texts.filter((text) => text === content.hours[0]?.days)).toHaveLength(8);
      expect(texts.filter((text) => text === content.hours[0]?.hours)).toHaveLength(8);
      const qr = layout.boxes.find((box) => box.kind === 'qr');
      expect(qr?.width).toBeGreaterThan(layout.width * 0.4);
      expect(await qrText(await drawPosterPng(content))).toBe(content.qrUrl);
    },
  );

  let logos: Buffer[] = [];
  beforeAll(async () => {
    const logo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: '#16a34a' } })
        .png()
        .toBuffer();
    logos = await Promise.all([logo(100, 100), logo(500, 100), logo(60, 180)]);
  });

  it('lays out any brand, headline and hours inside the page, nothing on top of anything else', async () => {
    const words = [
      'हमसे',
      'बात',
      'स्कैन',
      'करें',
      'व्हाट्सऐप',
      'Scan',
      'to',
      'reach',
      'us',
      'WhatsApp',
      'Kirana',
      'Co.',
    ];
    const text = (maxLength: number) =>
      fc
        .array(fc.constantFrom(...words), { maxLength: 14 })
        .map((chosen) => chosen.join(' ').slice(0, maxLength));
    const row = fc.record({
      days: fc.constantFrom('Mon–Fri', 'सोमवार–शुक्रवार', 'Sun', ''),
      hours: fc.constantFrom('9:00 AM – 8:00 PM', 'सुबह 9:00 – रात 8:00', 'Closed', ''),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          size: fc.constantFrom('A4' as const, 'A5' as const),
          brand: text(40),
          headline: text(90),
          hours: fc.array(row, { maxLength: 8 }),
          logo: fc.option(fc.constantFrom(...logos)),
        }),
        async (drawn) => {
          const content: PosterContent = { ...hindi, ...drawn };
          expectTidy(content, (await layoutPoster(content)).boxes);
        },
      ),
      { numRuns: 40 },
    );
  });
});
