import http from 'node:http';

// The baseline: Node's own HTTP server answering every request with fixed bytes, nothing else.
const body = Buffer.from(process.env.BARE_BODY ?? '{}');
const headers: Record<string, string> = JSON.parse(process.env.BARE_HEADERS ?? '{}');
const port = Number(process.env.PORT);
http
  .createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  })
  .listen(port, '127.0.0.1');
