import http from 'node:http';
import { loadSampledResponse } from './sampled-response.ts';

/**
 * The baseline: Node's own HTTP server answering every request with the bytes of a response sampled from
 * Sampark (its status, its headers, its body), nothing else. BARE_RESPONSE names the sample's JSON file.
 */
const { status, headers, body } = loadSampledResponse();
http
  .createServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
