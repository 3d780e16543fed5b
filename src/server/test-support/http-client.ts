import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';

// Clients on real sockets, for tests of what a client sees when the server stops.

/** What a client saw of one request. */
export interface Outcome {
  path: string;
  status?: number;
  /** The Connection header of the answer. */
  connection?: string;
  /** The whole body arrived. */
  complete?: boolean;
  bytes?: number;
  /** The error code when no complete answer arrived (ECONNREFUSED, ECONNRESET, ...). */
  error?: string;
  /** Sent on a connection that had carried an earlier request. */
  reusedSocket: boolean;
}

/**
 * One GET through `agent`, reading the whole answer. With `holdBody`, the body is not read until that promise
 * resolves (a slow client: the server cannot finish sending until then).
 */
export function send(
  agent: http.Agent,
  port: number,
  path: string,
  { holdBody, onHeaders }: { holdBody?: Promise<unknown>; onHeaders?: () => void } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ path, error: error.code ?? error.message, reusedSocket: request.reusedSocket }),
    );
    request.on('response', (response) => {
      onHeaders?.();
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      if (holdBody) {
        response.pause();
        void holdBody.then(() => response.resume());
      }
      response.on('error', () => undefined);
      response.on('close', () =>
        resolve({
          path,
          status: response.statusCode,
          ...(response.headers.connection ? { connection: response.headers.connection } : {}),
          complete: response.complete,
          bytes,
          ...(response.complete ? {} : { error: 'incomplete body' }),
          reusedSocket: request.reusedSocket,
        }),
      );
    });
  });
}

/** A raw connection that has sent the headers of a request with `Expect: 100-continue` and been told to go on. */
export async function requestAwaitingBody(
  port: number,
  path: string,
  contentLength: number,
  extraHeaders = '',
) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const closed = once(socket, 'close');
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\nExpect: 100-continue\r\n${extraHeaders}\r\n`,
  );
  // Node answers 100 Continue once it has the headers and has handed the request to the app.
  await new Promise<void>((resolve) => {
    const check = () => {
      if (!received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) return;
      socket.off('data', check);
      received = received.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
      resolve();
    };
    socket.on('data', check);
  });
  return { socket, closed, received: () => received };
}
