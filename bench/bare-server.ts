import http from 'node:http';

// The baseline: Node's own HTTP server answering with fixed bytes, nothing else.
const body = Buffer.from(process.env.BARE_BODY ?? '{}');
const port = Number(process.env.PORT);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  })
  .listen(port, '127.0.0.1');
