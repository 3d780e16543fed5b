import { isPushServiceHost, PUSH_ENDPOINT_MESSAGES } from '../../../shared/rules/push-devices.ts';
import { destinationProblem, type EgressProblem, type EgressRules } from '../../egress/egress.ts';

/** Where push may go (decision 047): the egress guard's rules, and the push services it may reach. */
export interface PushEndpointRules extends EgressRules {
  /** PUSH_SERVICE_HOSTS: push services besides the browsers' own. */
  extraHosts: readonly string[];
}

const PUSH_ENDPOINT_PROBLEMS: Record<EgressProblem, string> = {
  'not-a-url': PUSH_ENDPOINT_MESSAGES.notHttps,
  scheme: PUSH_ENDPOINT_MESSAGES.notHttps,
  credentials: PUSH_ENDPOINT_MESSAGES.withCredentials,
  port: PUSH_ENDPOINT_MESSAGES.port,
  'private-address': PUSH_ENDPOINT_MESSAGES.privateAddress,
};

/**
 * An https endpoint must be a push service's. Plain http is a push service on this machine or network, which
 * the egress guard lets through only under the development switch and only to a private address.
 */
export function isPushServiceEndpoint(endpoint: URL, rules: PushEndpointRules): boolean {
  return endpoint.protocol !== 'https:' || isPushServiceHost(endpoint.hostname, rules.extraHosts);
}

/**
 * Why a device's endpoint may not be saved, or null: the host first (no name but a push service's is looked
 * up), then the egress guard's check of the scheme, the port and the addresses.
 */
export async function pushEndpointProblem(
  endpoint: string,
  rules: PushEndpointRules,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.notHttps;
  }
  if (!isPushServiceEndpoint(url, rules)) return PUSH_ENDPOINT_MESSAGES.unknownService;
  const problem = await destinationProblem(endpoint, rules);
  return problem && PUSH_ENDPOINT_PROBLEMS[problem];
}
