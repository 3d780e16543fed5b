import { WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';
import type { EgressProblem } from '../../egress/egress.ts';

/** The egress guard's reasons (decision 047) as the webhook form and the delivery log word them. */
export const WEBHOOK_URL_MESSAGES: Record<EgressProblem, string> = {
  'not-a-url': WEBHOOK_MESSAGES.urlNotAllowed,
  scheme: WEBHOOK_MESSAGES.urlNotAllowed,
  credentials: WEBHOOK_MESSAGES.urlWithCredentials,
  port: WEBHOOK_MESSAGES.urlPort,
  'private-address': WEBHOOK_MESSAGES.privateAddress,
};
