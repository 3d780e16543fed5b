import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';

/**
 * A name of this machine from /etc/hosts that is not `localhost` (which the guard knows by name): only the
 * address it resolves to can refuse it. `localhost` itself where the file has no other.
 */
function hostsFileLoopbackName(): string {
  let lines: string[] = [];
  try {
    lines = readFileSync('/etc/hosts', 'utf8').split('\n');
  } catch {}
  for (const line of lines) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address?.startsWith('127.')) continue;
    const name = names.find((entry) => !/(^|\.)localhost\.?$/i.test(entry));
    if (name) return name;
  }
  return 'localhost';
}

/**
 * Destinations on this machine or a special network that no request may reach without
 * WEBHOOKS_ALLOW_PRIVATE_HTTP, all over https on `port` (issue 35): every spelling of 127.0.0.1, IPv6 forms
 * that carry it (mapped, compatible, 6to4, NAT64), Teredo, the unspecified address, cloud metadata, and
 * names that resolve to this machine.
 */
export function refusedDestinations(port: number): string[] {
  return [
    `https://127.0.0.1:${port}/push`,
    `https://[::1]:${port}/push`,
    `https://0.0.0.0:${port}/push`,
    `https://169.254.169.254:${port}/latest/meta-data`,
    `https://2130706433:${port}/push`,
    `https://0177.0.0.1:${port}/push`,
    `https://0x7f000001:${port}/push`,
    `https://127.1:${port}/push`,
    `https://[::ffff:127.0.0.1]:${port}/push`,
    `https://[::7f00:1]:${port}/push`,
    `https://[::127.0.0.1]:${port}/push`,
    `https://[2002:7f00:1::]:${port}/push`,
    // Teredo (RFC 4380's example) and NAT64 for 127.0.0.1.
    `https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/push`,
    `https://[64:ff9b::7f00:1]:${port}/push`,
    `https://localhost:${port}/push`,
    `https://localhost.:${port}/push`,
    `https://${hostsFileLoopbackName()}:${port}/push`,
  ];
}

/** Host names of `urls` as the URL parser writes them: what PUSH_SERVICE_HOSTS would list for them. */
export function hostnamesOf(urls: string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).hostname))];
}

export interface ConnectionCounter {
  port: number;
  /** Connections accepted so far, on any address of this machine. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A listener on a free port of every address of this machine (IPv4 and IPv6 where the system has both) that
 * counts connections and closes each at once: what a request refused before connecting never reaches.
 */
export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => {
      // No IPv6 here: IPv4 loopback only.
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    server.listen(0, '::', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
