import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline: Node's own HTTP server answering every request with the bytes of a response sampled from
 * Sampark (its status, its headers, its body), nothing else. BARE_RESPONSE names the sample's JSON file.
 */
export interface SampledResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const sample = JSON.parse(fs.readFileSync(process.env.BARE_RESPONSE ?? '', 'utf8')) as SampledResponse;
const body = Buffer.from(sample.bodyBase64, 'base64');
const headers = { ...sample.headers, 'content-length': String(body.length) };
http
  .createServer((_request, response) => {
    response.writeHead(sample.status, headers);
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
