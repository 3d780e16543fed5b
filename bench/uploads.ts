import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '../src/shared/rules/uploads.ts';
import {
  BENCH_DIR,
  ensureBuild,
  percentile,
  residentMemory,
  signIn,
  startServer,
  stopProcess,
  waitForUrl,
} from './lib.ts';

/** Uploads started at once by one editor (or a script): the case of issue 35. */
export const UPLOADS_AT_ONCE = 20;
/** The server's peak resident memory while they are taken, whatever it held before. */
export const UPLOAD_PEAK_RSS_BUDGET_MB = 600;
/** `/contact`, asked one request after another while the uploads run, answers within this at the 95th percentile. */
const CONTACT_P95_BUDGET_MS = 1_000;
/** Sides of the image: 48 megapixels, under the pixel limit (50,000,000), each side under 12,000. */
const IMAGE_WIDTH = 8_000;
const IMAGE_HEIGHT = 6_000;
const ADMIN = { email: 'bench@sampark.local', password: 'bench-uploads-password-123' };

/** A noisy photo of these sides as a JPEG: decoding it is what costs memory, whatever its file size. */
export async function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#3a7bd5',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 50 })
    .toBuffer();
  if (jpeg.length > UPLOAD_MAX_BYTES)
    throw new Error(`The bench photo is ${jpeg.length} bytes, over the limit`);
  return jpeg;
}

interface UploadOutcome {
  stored: boolean;
  /** 503s answered before it was taken (each waited its Retry-After, as the editor says to). */
  busy: number;
  status: number;
}

/** One upload, sent again after Retry-After each time the server is busy, until it is stored or refused. */
async function upload(origin: string, cookie: string, photo: Buffer, index: number): Promise<UploadOutcome> {
  for (let busy = 0; ; busy++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
    const response = await fetch(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { cookie, origin },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 503) return { stored: response.status === 201, busy, status: response.status };
    const wait = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/**
 * Twenty uploads of a 48-megapixel photo at once against the production server on SQLite: its peak resident
 * memory must stay under UPLOAD_PEAK_RSS_BUDGET_MB, and `/contact` must keep answering meanwhile (issue 35:
 * a queue of one decode per core, the rest of the admitted ones waiting, the others told 503 and Retry-After).
 */
export async function benchUploads(): Promise<{ ok: boolean }> {
  ensureBuild();
  const dir = path.join(BENCH_DIR, 'uploads');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // A camera-sized photo at the pixel limit.
  const photo = await noisyPhoto(IMAGE_WIDTH, IMAGE_HEIGHT);
  const { child: server, origin } = await startServer({
    DATABASE_URL: `file:${path.join(dir, 'sampark.db')}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  try {
    await waitForUrl(`${origin}/api/ready`);
    const cookie = await signIn(origin, ADMIN);
    for (let i = 0; i < 5; i++) await (await fetch(`${origin}/contact`)).arrayBuffer();
    const before = residentMemory(server.pid!);

    let uploading = true;
    const contactTimes: number[] = [];
    const contactFailures: number[] = [];
    const askContact = (async () => {
      while (uploading) {
        const started = performance.now();
        const response = await fetch(`${origin}/contact`);
        await response.arrayBuffer();
        contactTimes.push(performance.now() - started);
        if (response.status !== 200) contactFailures.push(response.status);
      }
    })();
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, (_, index) => upload(origin, cookie, photo, index)),
    );
    const seconds = (performance.now() - started) / 1000;
    uploading = false;
    await askContact;
    const after = residentMemory(server.pid!);

    contactTimes.sort((a, b) => a - b);
    const stored = outcomes.filter((outcome) => outcome.stored).length;
    const busy = outcomes.reduce((sum, outcome) => sum + outcome.busy, 0);
    const p95 = percentile(contactTimes, 95);
    console.log(
      `\nUploads: ${UPLOADS_AT_ONCE} at once of a ${IMAGE_WIDTH} × ${IMAGE_HEIGHT} JPEG ` +
        `(${(photo.length / 1024 / 1024).toFixed(1)} MiB), production server on SQLite`,
    );
    console.log(
      `  stored               ${stored} of ${UPLOADS_AT_ONCE} in ${seconds.toFixed(1)} s (${busy} × 503 first)`,
    );
    console.log(
      `  server memory        ${before.rssMb.toFixed(0)} MiB before, peak ${after.peakMb.toFixed(0)} MiB ` +
        `(budget ${UPLOAD_PEAK_RSS_BUDGET_MB}), ${after.rssMb.toFixed(0)} MiB after`,
    );
    console.log(
      `  /contact meanwhile   ${contactTimes.length} answers, p50 ${percentile(contactTimes, 50).toFixed(0)} ms, ` +
        `p95 ${p95.toFixed(0)} ms (budget ${CONTACT_P95_BUDGET_MS}), max ${(contactTimes.at(-1) ?? 0).toFixed(0)} ms, ` +
        `${contactFailures.length} not 200`,
    );
    const failures = [
      stored < UPLOADS_AT_ONCE &&
        `only ${stored} uploads stored (statuses ${outcomes.map((outcome) => outcome.status).join(', ')})`,
      after.peakMb >= UPLOAD_PEAK_RSS_BUDGET_MB && `peak memory ${after.peakMb.toFixed(0)} MiB`,
      p95 > CONTACT_P95_BUDGET_MS && `/contact p95 ${p95.toFixed(0)} ms`,
      contactFailures.length > 0 && `/contact answered ${contactFailures.join(', ')}`,
    ].filter((failure): failure is string => typeof failure === 'string');
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    return { ok: failures.length === 0 };
  } finally {
    await stopProcess(server);
  }
}
