import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';

/**
 * Addresses a webhook may reach only when WEBHOOKS_ALLOW_PRIVATE_HTTP is set (decision 042): this machine,
 * the local networks, link-local (cloud metadata services live there), unique-local, carrier-grade NAT,
 * and the reserved and multicast ranges no receiver is on. IPv4-mapped IPv6 addresses are checked as IPv4.
 */
const PRIVATE_RANGES = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may reach only with WEBHOOKS_ALLOW_PRIVATE_HTTP (see PRIVATE_RANGES). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an address when it is one (`[::1]` unbracketed), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) === 0 ? null : bare;
}

/** Names that stand for this machine whatever DNS says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

type Resolve = (hostname: string) => Promise<string[]>;

const resolveAll: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address }) => address);

/**
 * Why a webhook URL may not be saved, or null when it may. https to a public address always; http, and any
 * address in PRIVATE_RANGES, only with `allowPrivateHttp`, and even then plain http only to a private
 * address (a signed body with personal data does not cross the internet in clear text). A name is looked
 * up now; a name that does not resolve is taken (the receiver may not be up yet): every delivery checks the
 * address it actually connects to again.
 */
export async function webhookUrlProblem(
  value: string,
  { allowPrivateHttp, resolve = resolveAll }: { allowPrivateHttp: boolean; resolve?: Resolve },
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlNotAllowed;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.urlNotAllowed;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlWithCredentials;
  if (url.protocol === 'http:' && !allowPrivateHttp) return WEBHOOK_MESSAGES.urlNotAllowed;
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  if (literal) addresses = [literal];
  else if (isLocalName(url.hostname)) addresses = ['127.0.0.1'];
  else {
    try {
      addresses = await resolve(url.hostname);
    } catch {
      addresses = [];
    }
  }
  const isPrivate = addresses.some(isPrivateAddress);
  if (isPrivate && !allowPrivateHttp) return WEBHOOK_MESSAGES.privateAddress;
  if (url.protocol === 'http:' && !(addresses.length > 0 && addresses.every(isPrivateAddress))) {
    return WEBHOOK_MESSAGES.urlNotAllowed;
  }
  return null;
}

/** Thrown when a delivery's host turns out to be a private address (a name that now resolves elsewhere). */
class PrivateAddressRefused extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses private addresses unless `allowPrivate`: the check is on the
 * address the request then connects to, so a name that resolved to a public address when the endpoint was
 * saved and to 127.0.0.1 now (DNS rebinding) is refused.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) {
        callback(error, []);
        return;
      }
      const addresses = found as LookupAddress[];
      const refused = addresses.find(({ address }) => isPrivateAddress(address));
      if (refused && !allowPrivate) {
        callback(
          Object.assign(new PrivateAddressRefused(`${hostname} resolves to a private address`), {
            code: 'EPRIVATEADDRESS',
          }),
          [],
        );
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A delivery's check of a URL whose host is an address (no lookup happens for those; names get guardedLookup). */
export function literalHostRefused(url: URL, allowPrivate: boolean): boolean {
  const literal = literalAddress(url.hostname);
  return literal !== null && !allowPrivate && isPrivateAddress(literal);
}
