// The hosts a server answers for, as Django's ALLOWED_HOSTS: `shop.example` (any port), `shop.example:8080`
// (that port), `.shop.example` (the domain and its subdomains), `*.shop.example` (its subdomains only).

export interface HostPattern {
  /** Lower case; an IPv6 address keeps its brackets. */
  hostname: string;
  subdomains: 'no' | 'also' | 'only';
  /** null: any port. */
  port: string | null;
}

interface Host {
  hostname: string;
  port: string | null;
}

const HOSTNAME =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;
const PORT = /^\d{1,5}$/;

/** A Host header (or a pattern without its wildcard) split into name and port; null when it is neither. */
export function parseHost(value: string): Host | null {
  const lower = value.toLowerCase();
  const colon = lower.lastIndexOf(':');
  const hasPort = colon !== -1 && !lower.slice(colon).includes(']');
  const hostname = hasPort ? lower.slice(0, colon) : lower;
  const port = hasPort ? lower.slice(colon + 1) : null;
  if (!HOSTNAME.test(hostname)) return null;
  if (port !== null && (!PORT.test(port) || Number(port) > 65535)) return null;
  return { hostname, port };
}

/** One ALLOWED_HOSTS entry; null when it is not a host name, `.domain`, `*.domain` or any of them with a port. */
export function parseHostPattern(entry: string): HostPattern | null {
  const subdomains = entry.startsWith('.') ? 'also' : entry.startsWith('*.') ? 'only' : 'no';
  const host = parseHost(entry.slice(subdomains === 'also' ? 1 : subdomains === 'only' ? 2 : 0));
  if (!host || (subdomains !== 'no' && host.hostname.startsWith('['))) return null;
  return { ...host, subdomains };
}

/** The names every server answers for without being told: they can only reach this machine. */
export const LOOPBACK_HOSTS: readonly HostPattern[] = [
  { hostname: 'localhost', subdomains: 'also', port: null },
  { hostname: '127.0.0.1', subdomains: 'no', port: null },
  { hostname: '[::1]', subdomains: 'no', port: null },
];

function matches(pattern: HostPattern, host: Host): boolean {
  if (pattern.port !== null && pattern.port !== host.port) return false;
  if (host.hostname === pattern.hostname) return pattern.subdomains !== 'only';
  return pattern.subdomains !== 'no' && host.hostname.endsWith(`.${pattern.hostname}`);
}

/** The Host header, normalised (lower case), when one of the patterns allows it; otherwise null. */
export function allowedHost(patterns: readonly HostPattern[], header: string | undefined): string | null {
  const host = header === undefined ? null : parseHost(header);
  if (!host) return null;
  return patterns.some((pattern) => matches(pattern, host)) ? header!.toLowerCase() : null;
}

/** A pattern as it would be written in ALLOWED_HOSTS. */
export function formatHostPattern(pattern: HostPattern): string {
  const prefix = pattern.subdomains === 'also' ? '.' : pattern.subdomains === 'only' ? '*.' : '';
  return `${prefix}${pattern.hostname}${pattern.port === null ? '' : `:${pattern.port}`}`;
}
