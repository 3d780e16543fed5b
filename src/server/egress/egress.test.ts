import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedDestinations, startConnectionCounter } from '../test-support/egress-targets.ts';
import { destinationProblem, EgressError, egressRequest, isPrivateAddress } from './egress.ts';

const STRICT = { allowPrivate: false };
const DEVELOPMENT = { allowPrivate: true };
/** Saving looks nothing up in these tests: a name resolves to this public address. */
const resolvePublic = async () => ['93.184.215.14'];
const POST = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{}' };

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** An HTTP server of the test on a free port of 127.0.0.1, answering with `handle`. */
async function startServer(handle: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUps.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

describe('which addresses only the development switch opens', () => {
  it('refuses loopback, private, link-local and every special IPv4 and IPv6 range, and takes public ones', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.5',
      '192.88.99.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      // IPv4-compatible (::/96), in both spellings.
      '::7f00:1',
      '::127.0.0.1',
      '::8.8.8.8',
      // IPv4-mapped: the IPv4 address decides.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      // NAT64, 6to4 (even of a public address), Teredo, discard, documentation.
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '100::1',
      '2001:db8::1',
      '3fff::1',
      // Unique-local, link-local (with a zone), site-local, multicast.
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700::1111',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('reads every spelling of an IPv4 address as the address it is', async () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1', '017700000001'])
      expect(new URL(`https://${host}/`).hostname, host).toBe('127.0.0.1');
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1'])
      expect(await destinationProblem(`https://${host}/`, { ...STRICT, resolve: resolvePublic }), host).toBe(
        'private-address',
      );
  });
});

describe('a destination when it is saved', () => {
  it('refuses every loopback spelling, special range and local name, and port 0', async () => {
    for (const url of refusedDestinations(8443)) {
      expect(await destinationProblem(url, STRICT), url).toBe('private-address');
    }
    expect(await destinationProblem('https://93.184.215.14:0/', STRICT)).toBe('port');
    expect(
      await destinationProblem('https://hooks.example.com:0/', { ...STRICT, resolve: resolvePublic }),
    ).toBe('port');
    expect(await destinationProblem('https://user:pw@93.184.215.14/', STRICT)).toBe('credentials');
    expect(await destinationProblem('ftp://93.184.215.14/', STRICT)).toBe('scheme');
    expect(await destinationProblem('not a url', STRICT)).toBe('not-a-url');
    expect(await destinationProblem('https://93.184.215.14:8443/', STRICT)).toBeNull();
    expect(
      await destinationProblem('https://hooks.example.com/', { ...STRICT, resolve: resolvePublic }),
    ).toBeNull();
  });

  it('refuses a name that resolves to a private address, and takes one that does not resolve yet over https', async () => {
    const resolvesTo = (addresses: string[]) => async () => addresses;
    expect(
      await destinationProblem('https://hooks.example.com/', {
        ...STRICT,
        resolve: resolvesTo(['93.184.215.14', '10.0.0.1']),
      }),
    ).toBe('private-address');
    expect(
      await destinationProblem('https://hooks.example.com/', {
        ...STRICT,
        resolve: resolvesTo(['::ffff:7f00:1']),
      }),
    ).toBe('private-address');
    const unresolved = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(
      await destinationProblem('https://hooks.example.com/', { ...STRICT, resolve: unresolved }),
    ).toBeNull();
  });

  it('takes plain http only with the development switch, and then only to a private address', async () => {
    expect(await destinationProblem('http://127.0.0.1:8080/', STRICT)).toBe('scheme');
    expect(await destinationProblem('http://127.0.0.1:8080/', DEVELOPMENT)).toBeNull();
    expect(await destinationProblem('http://localhost:8080/', DEVELOPMENT)).toBeNull();
    expect(await destinationProblem('http://93.184.215.14/', DEVELOPMENT)).toBe('scheme');
    expect(await destinationProblem('https://127.0.0.1:8443/', DEVELOPMENT)).toBeNull();
    expect(await destinationProblem('https://127.0.0.1:0/', DEVELOPMENT)).toBe('port');
  });
});

describe('a request through the egress guard', () => {
  it('never connects to a refused destination, whatever its spelling, nor to a name that resolves to one', async () => {
    const counter = await startConnectionCounter();
    cleanUps.push(() => counter.close());
    for (const url of [...refusedDestinations(counter.port), `http://127.0.0.1:${counter.port}/`]) {
      const refused = await egressRequest(url, POST, STRICT).catch((error: unknown) => error);
      expect(refused, url).toBeInstanceOf(EgressError);
      expect((refused as EgressError).failure, url).toBe('refused');
    }
    expect(counter.connections()).toBe(0);
  });

  it('does not follow a redirect: a 3xx is the answer', async () => {
    const elsewhere = await startServer((_request, response) => response.end('moved here'));
    let reachedElsewhere = false;
    elsewhere.server.on('request', () => {
      reachedElsewhere = true;
    });
    const { url } = await startServer((_request, response) => {
      response.writeHead(307, { location: elsewhere.url }).end();
    });
    expect(await egressRequest(url, POST, DEVELOPMENT)).toMatchObject({ status: 307 });
    expect(reachedElsewhere).toBe(false);
  });

  it('reads only a few kilobytes of an answer of 1 GB, and closes the connection', async () => {
    const GIGABYTE = 1024 ** 3;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let closed!: () => void;
    const receiverClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const { url } = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': GIGABYTE });
      // Lazily, as the reader takes it: the test never holds more than one chunk.
      const writeMore = () => {
        while (written < GIGABYTE && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', writeMore);
            return;
          }
        }
      };
      response.on('close', () => closed());
      writeMore();
    });

    const before = process.memoryUsage();
    const answer = await egressRequest(url, POST, DEVELOPMENT);
    await receiverClosed;
    const after = process.memoryUsage();

    expect(answer.status).toBe(200);
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(grown).toBeLessThan(20 * 1024 ** 2);
    // What the kernel's socket buffers took before the close, nowhere near the gigabyte.
    expect(written).toBeLessThan(64 * 1024 ** 2);
  });

  it('gives up on a receiver that never answers after the time it was given', async () => {
    let released!: () => void;
    const connectionClosed = new Promise<void>((resolve) => {
      released = resolve;
    });
    const { url } = await startServer((request) => {
      // Never answers; the test learns the guard gave up when the connection closes.
      request.socket.on('close', () => released());
    });
    const outcome = await egressRequest(url, { ...POST, timeoutMs: 200 }, DEVELOPMENT).catch(
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(EgressError);
    expect(outcome).toMatchObject({ failure: 'timeout', message: 'No answer within 0.2 s' });
    expect((outcome as EgressError).durationMs).toBeGreaterThanOrEqual(190);
    await connectionClosed;
  });
});
