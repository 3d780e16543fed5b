/**
 * Draws the demo blog posts' pictures (public/demo/blog/*.jpg, 1200x630, also fit for share cards): each is
 * an SVG illustration made here, rendered by Debian's Chromium and saved as a JPEG, with WebP copies of it
 * 400, 800 and 1200 pixels wide (`{name}-{width}.webp`) that pages offer first (src/server/demo/demo-pictures.ts).
 * The pictures are committed; run this only to change them.
 *
 * Usage: npx tsx scripts/demo-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import {
  DEMO_PICTURE_HEIGHT,
  type DEMO_PICTURE_NAMES,
  DEMO_PICTURE_WEBP_WIDTHS,
  DEMO_PICTURE_WIDTH,
} from '../src/server/demo/demo-pictures.ts';

const WIDTH = DEMO_PICTURE_WIDTH;
const HEIGHT = DEMO_PICTURE_HEIGHT;
const JPEG_QUALITY = 78;
/** sharp's WebP quality: about the JPEG's look, at a third of its bytes or less. */
const WEBP_QUALITY = 75;
const OUT_DIR = path.resolve('public/demo/blog');

const backdrop = (from: string, to: string) => `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1080" cy="90" r="220" fill="#fff" opacity=".06"/>
  <circle cx="120" cy="560" r="180" fill="#fff" opacity=".06"/>`;

const bubble = (x: number, y: number, width: number, fill: string, lines: number) =>
  `<rect x="${x}" y="${y}" width="${width}" height="${28 + lines * 22}" rx="18" fill="${fill}"/>` +
  Array.from(
    { length: lines },
    (_, i) =>
      `<rect x="${x + 18}" y="${y + 22 + i * 22}" width="${width - 36 - (i % 2) * 40}" height="9" rx="4.5" fill="#000" opacity=".18"/>`,
  ).join('');

const diya = (x: number, y: number) => `
  <circle cx="${x}" cy="${y - 40}" r="46" fill="#fde047" opacity=".12"/>
  <path d="M${x} ${y - 62} C${x + 14} ${y - 40} ${x + 10} ${y - 20} ${x} ${y - 16} C${x - 10} ${y - 20} ${x - 14} ${y - 40} ${x} ${y - 62}Z" fill="#fbbf24"/>
  <path d="M${x - 52} ${y - 10} Q${x} ${y + 50} ${x + 52} ${y - 10}Z" fill="#ea580c"/>
  <path d="M${x - 52} ${y - 10} L${x + 52} ${y - 10}" stroke="#fdba74" stroke-width="6" stroke-linecap="round"/>`;

const PICTURES: Record<(typeof DEMO_PICTURE_NAMES)[number], string> = {
  'reach-us-on-whatsapp': `${backdrop('#064e3b', '#10b981')}
    <rect x="330" y="70" width="300" height="520" rx="42" fill="#0f172a"/>
    <rect x="348" y="110" width="264" height="440" rx="18" fill="#ecfdf5"/>
    <rect x="348" y="110" width="264" height="58" rx="18" fill="#047857"/>
    <circle cx="384" cy="139" r="16" fill="#a7f3d0"/>
    <rect x="410" y="131" width="110" height="14" rx="7" fill="#d1fae5"/>
    ${bubble(366, 190, 190, '#fff', 2)}${bubble(404, 278, 190, '#bbf7d0', 1)}
    ${bubble(366, 344, 210, '#fff', 3)}${bubble(420, 454, 174, '#bbf7d0', 2)}
    <path d="M700 170 h300 a40 40 0 0 1 40 40 v150 a40 40 0 0 1 -40 40 h-200 l-70 60 v-60 h-30 a40 40 0 0 1 -40 -40 v-150 a40 40 0 0 1 40 -40z" fill="#fff"/>
    <circle cx="790" cy="285" r="22" fill="#10b981"/><circle cx="860" cy="285" r="22" fill="#10b981"/>
    <circle cx="930" cy="285" r="22" fill="#10b981"/>`,

  'withdrawals-explained': `${backdrop('#312e81', '#6366f1')}
    <ellipse cx="330" cy="470" rx="150" ry="38" fill="#b45309"/>
    ${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="180" y="${400 - i * 46}" width="300" height="70" fill="#d97706"/><ellipse cx="330" cy="${400 - i * 46}" rx="150" ry="38" fill="${i === 4 ? '#fbbf24' : '#f59e0b'}"/>`,
      )
      .join('')}
    <text x="330" y="243" font-family="DejaVu Sans" font-weight="bold" font-size="56" fill="#92400e" text-anchor="middle">&#8377;</text>
    <path d="M520 300 C600 220 660 220 720 280" stroke="#e0e7ff" stroke-width="12" fill="none" stroke-dasharray="22 16" stroke-linecap="round"/>
    <path d="M700 250 l44 40 l-58 14z" fill="#e0e7ff"/>
    <path d="M770 250 l170 -90 l170 90z" fill="#e0e7ff"/>
    ${[800, 868, 936, 1004].map((x) => `<rect x="${x}" y="275" width="36" height="170" rx="6" fill="#c7d2fe"/>`).join('')}
    <rect x="770" y="450" width="340" height="34" rx="8" fill="#e0e7ff"/>`,

  'festival-support-hours': `${backdrop('#1e1b4b', '#9a3412')}
    ${[
      [140, 90],
      [260, 170],
      [980, 220],
      [1110, 330],
      [560, 60],
      [760, 120],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#fde68a"/>`)
      .join('')}
    <circle cx="600" cy="250" r="150" fill="none" stroke="#fdba74" stroke-width="10" stroke-dasharray="4 18" stroke-linecap="round"/>
    <circle cx="600" cy="250" r="120" fill="#fff7ed"/>
    ${Array.from({ length: 12 }, (_, i) => {
      const angle = (i * Math.PI) / 6;
      return `<circle cx="${600 + Math.sin(angle) * 100}" cy="${250 - Math.cos(angle) * 100}" r="6" fill="#9a3412"/>`;
    }).join('')}
    <path d="M600 250 L600 168 M600 250 L660 280" stroke="#1e1b4b" stroke-width="12" stroke-linecap="round"/>
    ${[180, 390, 600, 810, 1020].map((x) => diya(x, 550)).join('')}`,

  'never-share-your-otp': `${backdrop('#0c4a6e', '#0ea5e9')}
    <path d="M600 70 L790 140 V290 C790 410 700 480 600 520 C500 480 410 410 410 290 V140Z" fill="#e0f2fe"/>
    <rect x="525" y="270" width="150" height="120" rx="18" fill="#0369a1"/>
    <path d="M550 270 V235 a50 50 0 0 1 100 0 V270" stroke="#0369a1" stroke-width="20" fill="none"/>
    <circle cx="600" cy="318" r="16" fill="#e0f2fe"/><rect x="593" y="318" width="14" height="42" rx="7" fill="#e0f2fe"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${185 + i * 70}" y="555" width="54" height="50" rx="10" fill="#fff" opacity=".9"/><circle cx="${212 + i * 70}" cy="580" r="9" fill="#0c4a6e"/>`).join('')}
    <circle cx="960" cy="470" r="92" fill="none" stroke="#f87171" stroke-width="20"/>
    <path d="M895 535 L1025 405" stroke="#f87171" stroke-width="20"/>
    <rect x="905" y="440" width="110" height="60" rx="12" fill="#fff"/>
    <text x="960" y="482" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#0c4a6e" text-anchor="middle">OTP</text>`,

  'match-day-replies': `${backdrop('#0f172a', '#1e3a8a')}
    <path d="M0 400 Q600 330 1200 400 V630 H0Z" fill="#15803d"/>
    <path d="M0 470 Q600 410 1200 470 V630 H0Z" fill="#16a34a"/>
    ${[150, 1050]
      .map(
        (x) =>
          `<rect x="${x - 6}" y="120" width="12" height="280" fill="#94a3b8"/><rect x="${x - 50}" y="80" width="100" height="50" rx="8" fill="#f8fafc"/><ellipse cx="${x}" cy="200" rx="150" ry="90" fill="#fef9c3" opacity=".08"/>`,
      )
      .join('')}
    ${[480, 520, 560].map((x) => `<rect x="${x - 8}" y="330" width="16" height="190" rx="6" fill="#fef3c7"/>`).join('')}
    <rect x="470" y="320" width="100" height="10" rx="5" fill="#fde68a"/>
    <g transform="rotate(-35 720 420)"><rect x="700" y="200" width="44" height="260" rx="18" fill="#fcd34d"/>
    <rect x="710" y="120" width="24" height="96" rx="10" fill="#78350f"/></g>
    <circle cx="860" cy="520" r="30" fill="#dc2626"/>
    <path d="M838 500 Q860 520 838 542 M882 500 Q860 520 882 542" stroke="#fecaca" stroke-width="3" fill="none"/>
    <path d="M780 120 h240 a32 32 0 0 1 32 32 v80 a32 32 0 0 1 -32 32 h-170 l-50 40 v-40 h-20 a32 32 0 0 1 -32 -32 v-80 a32 32 0 0 1 32 -32z" fill="#fff"/>
    <circle cx="850" cy="192" r="15" fill="#1e3a8a"/><circle cx="900" cy="192" r="15" fill="#1e3a8a" opacity=".6"/>
    <circle cx="950" cy="192" r="15" fill="#1e3a8a" opacity=".3"/>`,

  'take-a-break-tic-tac-toe': `${backdrop('#701a75', '#db2777')}
    ${[0, 1].map((i) => `<rect x="${480 + i * 120}" y="105" width="14" height="360" rx="7" fill="#fdf4ff"/><rect x="367" y="${218 + i * 120}" width="360" height="14" rx="7" fill="#fdf4ff"/>`).join('')}
    ${[
      [420, 165],
      [660, 285],
      [540, 405],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x! - 34} ${y! - 34} L${x! + 34} ${y! + 34} M${x! + 34} ${y! - 34} L${x! - 34} ${y! + 34}" stroke="#fde047" stroke-width="18" stroke-linecap="round"/>`,
      )
      .join('')}
    ${[
      [540, 165],
      [420, 285],
      [660, 405],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="38" fill="none" stroke="#67e8f9" stroke-width="16"/>`)
      .join('')}
    <rect x="880" y="330" width="190" height="160" rx="36" fill="#fdf4ff"/>
    <rect x="970" y="280" width="10" height="50" fill="#fdf4ff"/><circle cx="975" cy="272" r="16" fill="#67e8f9"/>
    <circle cx="935" cy="400" r="20" fill="#701a75"/><circle cx="1015" cy="400" r="20" fill="#701a75"/>
    <rect x="935" y="445" width="80" height="12" rx="6" fill="#db2777"/>
    <rect x="150" y="420" width="150" height="110" rx="24" fill="#fdf4ff" opacity=".9"/>
    <text x="225" y="492" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#701a75" text-anchor="middle">3:2</text>`,
};

function logSize(file: string) {
  console.log(`${path.relative(process.cwd(), file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}

fs.mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  for (const [name, drawing] of Object.entries(PICTURES)) {
    await page.setContent(
      `<body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${drawing}</svg></body>`,
    );
    const file = path.join(OUT_DIR, `${name}.jpg`);
    await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY });
    logSize(file);
    for (const width of DEMO_PICTURE_WEBP_WIDTHS) {
      const copy = path.join(OUT_DIR, `${name}-${width}.webp`);
      await sharp(file).resize({ width }).webp({ quality: WEBP_QUALITY }).toFile(copy);
      logSize(copy);
    }
  }
} finally {
  await browser.close();
}
