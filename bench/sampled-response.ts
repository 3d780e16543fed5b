import fs from 'node:fs';

/** One answer of Sampark's as the bench sampled it: what the baselines send back for every request. */
export interface SampledResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** The sample a baseline server was given (BARE_RESPONSE names its JSON file): status, headers and body. */
export function loadSampledResponse(): {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
} {
  const sample = JSON.parse(fs.readFileSync(process.env.BARE_RESPONSE ?? '', 'utf8')) as SampledResponse;
  const body = Buffer.from(sample.bodyBase64, 'base64');
  return {
    status: sample.status,
    headers: { ...sample.headers, 'content-length': String(body.length) },
    body,
  };
}
