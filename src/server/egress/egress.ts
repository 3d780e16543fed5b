import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The one egress guard (decision 047): every request the server makes to an address someone typed or a
 * browser handed in (webhooks, Web Push) goes through `egressRequest`, and every such address is checked
 * with `destinationProblem` when it is saved. It knows no feature: each caller turns its problems into its
 * own messages.
 */

/** What the guard allows: one switch, WEBHOOKS_ALLOW_PRIVATE_HTTP (decisions 042 and 047). */
export interface EgressRules {
  /** Plain http, and loopback or private addresses, may be reached (plain http only those). */
  allowPrivate: boolean;
}

/** Why a destination is refused; callers word it. */
export type EgressProblem =
  /** Not a URL at all. */
  | 'not-a-url'
  /** Neither https nor http; or http without `allowPrivate`, or to a public address. */
  | 'scheme'
  /** A user name or password in the URL. */
  | 'credentials'
  /** Port 0 (the URL parser already refuses anything above 65535). */
  | 'port'
  /** Loopback, private, link-local or another special address, without `allowPrivate`. */
  | 'private-address';

/**
 * Addresses reached only with `allowPrivate`. IPv4: this network, the private networks, carrier-grade
 * NAT, loopback, link-local (cloud metadata services live there), IETF protocol assignments, documentation,
 * the 6to4 relay, benchmarking, multicast and the reserved rest (with the broadcast address).
 */
const IPV4_SPECIAL = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  IPV4_SPECIAL.addSubnet(network, prefix, 'ipv4');
}

/** Only global unicast IPv6 (2000::/3) is ever public; IPV6_SPECIAL takes the special ranges out of it. */
const IPV6_GLOBAL_UNICAST = new net.BlockList();
IPV6_GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/**
 * IPv6 ranges reached only with `allowPrivate`, listed whole even where they lie outside 2000::/3, so that
 * the list reads as the ranges the guard knows. Those that carry an IPv4 address inside (IPv4-compatible,
 * NAT64, 6to4, Teredo) are refused whole: what they lead to is another machine's choice.
 */
const IPV6_SPECIAL = new net.BlockList();
for (const [network, prefix] of [
  // Unspecified (::), loopback (::1) and IPv4-compatible (::a.b.c.d).
  ['::', 96],
  // NAT64, well-known and local-use prefixes.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Discard-only.
  ['100::', 64],
  // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID.
  ['2001::', 23],
  // Documentation.
  ['2001:db8::', 32],
  ['3fff::', 20],
  // 6to4.
  ['2002::', 16],
  // Unique-local, link-local, the old site-local, multicast.
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  IPV6_SPECIAL.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 address as its eight 16-bit groups (a dotted IPv4 tail read as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const first = groups(head);
  const last = groups(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * True for an address reached only with `allowPrivate` (IPV4_SPECIAL, IPV6_SPECIAL, anything outside
 * 2000::/3), and for anything that is not an address. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the
 * IPv4 address it carries.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (family === 4) return IPV4_SPECIAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return isPrivateAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return !IPV6_GLOBAL_UNICAST.check(canonical, 'ipv6') || IPV6_SPECIAL.check(canonical, 'ipv6');
}

/** A URL's host as an address when it is one (`[::1]` unbracketed), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) === 0 ? null : bare;
}

/** Names that stand for this machine whatever DNS says (RFC 6761). */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The problem of reaching `address` over `protocol`, or null. */
function addressProblem(address: string, protocol: string, rules: EgressRules): EgressProblem | null {
  if (isPrivateAddress(address)) return rules.allowPrivate ? null : 'private-address';
  // A body with personal data does not cross the internet in clear text (decision 042).
  return protocol === 'http:' ? 'scheme' : null;
}

/**
 * What can be told without a lookup: the scheme, credentials, the port, and a host that is an address or a
 * local name. Every spelling of an IPv4 address (2130706433, 0177.0.0.1, 0x7f.0.0.1, 127.1) reaches this
 * as dotted decimal: the URL parser rewrites them all.
 */
function urlProblem(url: URL, rules: EgressRules): EgressProblem | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !rules.allowPrivate) return 'scheme';
  if (url.port === '0') return 'port';
  const address = literalAddress(url.hostname) ?? (isLocalName(url.hostname) ? '127.0.0.1' : null);
  return address === null ? null : addressProblem(address, url.protocol, rules);
}

type Resolve = (hostname: string) => Promise<string[]>;

const resolveAll: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address }) => address);

/**
 * Why a destination may not be saved, or null when it may. A name is looked up now; one that does not
 * resolve is taken over https (the receiver may not be up yet): every request checks the address it
 * actually connects to again. Plain http needs every address to be a private one.
 */
export async function destinationProblem(
  value: string,
  { resolve = resolveAll, ...rules }: EgressRules & { resolve?: Resolve },
): Promise<EgressProblem | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not-a-url';
  }
  const problem = urlProblem(url, rules);
  if (problem || literalAddress(url.hostname) !== null || isLocalName(url.hostname)) return problem;
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return url.protocol === 'http:' ? 'scheme' : null;
  for (const address of addresses) {
    const found = addressProblem(address, url.protocol, rules);
    if (found) return found;
  }
  return null;
}

/** Why a request failed: refused by the guard, out of time, or anything the network or peer did. */
export type EgressFailure = 'refused' | 'timeout' | 'failed';

export class EgressError extends Error {
  constructor(
    readonly failure: EgressFailure,
    message: string,
    /** When refused: why. */
    readonly problem: EgressProblem | null,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

const PROBLEM_TEXTS: Record<EgressProblem, string> = {
  'not-a-url': 'Not a URL',
  scheme: 'Only https may be used here (plain http only to a private address, when allowed)',
  credentials: 'A URL with a user name or password is refused',
  port: 'Port 0 is refused',
  'private-address': 'A loopback or private address is refused',
};

/** Thrown by the guarded lookup; `problem` says why. */
class RefusedAddress extends Error {
  readonly code = 'EEGRESSREFUSED';
  constructor(readonly problem: EgressProblem) {
    super(PROBLEM_TEXTS[problem]);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that checks every address a name resolves to: the check is on the address
 * the request then connects to, so a name that resolved to a public address when saved and to 127.0.0.1
 * now (DNS rebinding), or a hosts-file name for this machine, is refused before any connection.
 */
function guardedLookup(protocol: string, rules: EgressRules) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      const addresses = found as LookupAddress[] | undefined;
      if (error || !addresses?.[0]) {
        callback(error ?? Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        return;
      }
      for (const { address } of addresses) {
        const problem = addressProblem(address, protocol, rules);
        if (problem) {
          callback(new RefusedAddress(problem), []);
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** A request's whole time, the answer's body included, unless the caller gives its own. */
const EGRESS_TIMEOUT_MS = 10_000;
/** Time to a connected socket (TLS handshake included). */
const EGRESS_CONNECT_TIMEOUT_MS = 5_000;
/** The most of an answer's body read, unless the caller gives its own; the rest is never read. */
const EGRESS_MAX_ANSWER_BYTES = 4 * 1024;
/** The most of an answer's headers read (Node's own default, fixed here whatever flags the process has). */
const EGRESS_MAX_HEADER_BYTES = 16 * 1024;

export interface EgressRequest {
  method: 'POST';
  headers: Record<string, string | number>;
  body: string | Uint8Array;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxAnswerBytes?: number;
}

export interface EgressAnswer {
  status: number;
  durationMs: number;
}

/**
 * Sends one request through the guard: the URL checked (urlProblem), the name's addresses checked at
 * connection (guardedLookup), a connection of its own each time (so each request looks up and checks
 * again), no redirect followed (a 3xx is an answer like any other), the connection and the whole exchange
 * bounded in time, and at most `maxAnswerBytes` of the answer read before the connection is closed.
 * Resolves with the answer's status whatever it is; rejects with an EgressError.
 */
export function egressRequest(
  target: string,
  {
    method,
    headers,
    body,
    timeoutMs = EGRESS_TIMEOUT_MS,
    connectTimeoutMs = EGRESS_CONNECT_TIMEOUT_MS,
    maxAnswerBytes = EGRESS_MAX_ANSWER_BYTES,
  }: EgressRequest,
  rules: EgressRules,
): Promise<EgressAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new EgressError('refused', PROBLEM_TEXTS['not-a-url'], 'not-a-url', 0));
  }
  const problem = urlProblem(url, rules);
  if (problem) return Promise.reject(new EgressError('refused', PROBLEM_TEXTS[problem], problem, 0));

  return new Promise((resolve, reject) => {
    let settled = false;
    const outgoing = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method,
        headers,
        agent: false,
        lookup: guardedLookup(url.protocol, rules),
        maxHeaderSize: EGRESS_MAX_HEADER_BYTES,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= maxAnswerBytes) settle(status);
        });
        answer.on('end', () => settle(status));
        answer.on('error', () => {});
        answer.on('close', () => settle(failed('The connection closed mid-answer')));
      },
    );
    const failed = (message: string, failure: EgressFailure = 'failed') =>
      new EgressError(failure, message, null, elapsed());
    const seconds = (ms: number) => `${ms / 1000} s`;
    const wholeTimer = setTimeout(
      () => settle(failed(`No answer within ${seconds(timeoutMs)}`, 'timeout')),
      timeoutMs,
    );
    const connectTimer = setTimeout(
      () => settle(failed(`No connection within ${seconds(connectTimeoutMs)}`, 'timeout')),
      connectTimeoutMs,
    );
    function settle(outcome: number | EgressError) {
      if (settled) return;
      settled = true;
      clearTimeout(wholeTimer);
      clearTimeout(connectTimer);
      // Whatever is left of the answer stays unread: the socket goes now.
      outgoing.destroy();
      if (typeof outcome === 'number') resolve({ status: outcome, durationMs: elapsed() });
      else reject(outcome);
    }
    outgoing.on('socket', (socket) => {
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedAddress) {
        settle(new EgressError('refused', error.message, error.problem, elapsed()));
      } else settle(failed(error.code ? `${error.code}: ${error.message}` : error.message));
    });
    outgoing.end(body);
  });
}

/** Agents for a client library that makes its own requests: every connection looks up through the guard. */
export interface EgressAgents {
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

/**
 * For a client library that sends its own requests (the S3 client of the off-machine backup copies, decision
 * 056), which egressRequest cannot carry: its requests are not one POST and its answers (object listings) are
 * more than 4 KB. The URL is checked now (urlProblem: a literal address never reaches a lookup), and every
 * connection the agents open checks the addresses its name resolves to then (guardedLookup), as egressRequest
 * does; a refused address fails the request with the code `EEGRESSREFUSED`. No keep-alive, so each connection
 * looks up again. Bounding the time and the size of answers is the caller's part (its client's timeouts).
 */
export function egressAgents(target: string, rules: EgressRules): EgressAgents | { problem: EgressProblem } {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { problem: 'not-a-url' };
  }
  const problem = urlProblem(url, rules);
  if (problem) return { problem };
  return {
    httpAgent: new http.Agent({ keepAlive: false, lookup: guardedLookup('http:', rules) }),
    httpsAgent: new https.Agent({ keepAlive: false, lookup: guardedLookup('https:', rules) }),
  };
}

/** What the guard says of a refused destination, in its own words (callers may word it better). */
export function egressProblemText(problem: EgressProblem): string {
  return PROBLEM_TEXTS[problem];
}
