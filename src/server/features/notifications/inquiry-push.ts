import { inquiryPath } from '../../../shared/pages/admin-paths.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { OutboxHandler } from '../../outbox/outbox.ts';
import { InquiryPushPayloadSchema, parsePayload } from './inquiry-notifications.ts';
import type { PushDeviceRepository } from './push-device-repository.ts';
import type { PushNotification, PushSender } from './push-sender.ts';

/** The longest line of the inquiry a notification shows: about what a phone's lock screen fits. */
export const PUSH_BODY_MAX_LENGTH = 120;

/** A new inquiry as a phone shows it: who sent it, the first line of what they asked, and a tap opens it. */
export function inquiryNotification(inquiry: { id: string; name: string; query: string }): PushNotification {
  const firstLine = inquiry.query.trim().split(/\r?\n/, 1)[0]!.trim();
  return {
    title: inquiry.name,
    body:
      firstLine.length > PUSH_BODY_MAX_LENGTH
        ? `${firstLine.slice(0, PUSH_BODY_MAX_LENGTH - 1).trimEnd()}…`
        : firstLine,
    url: inquiryPath(inquiry.id),
    tag: inquiry.id,
  };
}

/** The inquiry a push tells of (the contact-inquiries repository, passed in by app.ts). */
export interface InquiriesForPush {
  findById(id: string, executor: Executor): Promise<{ _id: string; name: string; query: string } | undefined>;
}

/**
 * The outbox's `push` entries: one new inquiry to one device. A device or inquiry deleted meanwhile has
 * nothing to send; a subscription the push service calls gone (404, 410) is forgotten; any other failure
 * throws, and the outbox tries again later.
 */
export function inquiryPushHandler({
  devices,
  sender,
  inquiries,
}: {
  devices: PushDeviceRepository;
  sender: PushSender;
  inquiries: InquiriesForPush;
}): OutboxHandler {
  return {
    network: true,
    async run(entry, executor) {
      const { subscriptionId, inquiryId } = parsePayload(InquiryPushPayloadSchema, entry.payload);
      const device = await devices.findForSending(subscriptionId, executor);
      if (!device) return;
      const inquiry = await inquiries.findById(inquiryId, executor);
      if (!inquiry) return;
      const { _id: id, name, query } = inquiry;
      const outcome = await sender.send(device, inquiryNotification({ id, name, query }));
      if (outcome.kind === 'gone') await devices.delete(device.id, executor);
      else await devices.markSent(device.id, executor);
    },
  };
}
