import type { FastifyRequest } from 'fastify';
import type { SiteAddressConfig } from '../config.ts';
import { allowedHost, type HostPattern, LOOPBACK_HOSTS, parseHost } from './host-patterns.ts';

// Canonical links, the sitemap, robots.txt, the RSS feed, cached pages and the CSRF check all name the
// site's origin. PUBLIC_ORIGIN fixes it; without it the request's Host names it, so only hosts the owner
// allowed may (decision 014): otherwise anyone could have the site describe itself as living elsewhere.

/**
 * The hosts this server answers for, or null when it answers whatever the Host says: with PUBLIC_ORIGIN
 * nothing depends on the Host, unless ALLOWED_HOSTS asks for the check anyway.
 */
export function servedHosts(config: SiteAddressConfig): readonly HostPattern[] | null {
  let hosts = servedHostsByConfig.get(config);
  if (hosts === undefined) {
    hosts = hostsToServe(config);
    servedHostsByConfig.set(config, hosts);
  }
  return hosts;
}

const servedHostsByConfig = new WeakMap<SiteAddressConfig, readonly HostPattern[] | null>();

function hostsToServe(config: SiteAddressConfig): readonly HostPattern[] | null {
  if (!config.PUBLIC_ORIGIN) return [...LOOPBACK_HOSTS, ...config.ALLOWED_HOSTS];
  if (config.ALLOWED_HOSTS.length === 0) return null;
  const publicHost = parseHost(new URL(config.PUBLIC_ORIGIN).host);
  return [
    ...LOOPBACK_HOSTS,
    ...(publicHost ? [{ ...publicHost, port: null, subdomains: 'no' as const }] : []),
    ...config.ALLOWED_HOSTS,
  ];
}

/** The message of the 400 for a request to a host this server does not answer for, or null. */
export function unservedHostProblem(
  hosts: readonly HostPattern[] | null,
  request: FastifyRequest,
): string | null {
  if (hosts === null || allowedHost(hosts, request.host) !== null) return null;
  return 'This site is not served at this address';
}

/** The origin of canonical, Open Graph, sitemap and feed URLs, and the one the CSRF check expects. */
export function siteOrigin(config: SiteAddressConfig, request: FastifyRequest): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  // The host was checked on arrival (unservedHostProblem); the fallback is for a route reached otherwise.
  return `${request.protocol}://${allowedHost(servedHosts(config) ?? [], request.host) ?? 'localhost'}`;
}
