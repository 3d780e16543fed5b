import { z } from 'zod';

/**
 * What the open back office is told when inquiries change. No personal data: the screens refetch what they
 * show, with the admin's own session. An `inquiry.updated` without an id means "anything may have changed"
 * (sent after events may have been missed, e.g. when the link between instances comes back).
 */
export const LiveEventSchema = z.object({
  type: z.enum(['inquiry.created', 'inquiry.updated', 'inquiry.deleted']),
  id: z.string().max(100).optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** The event stream's event name: `event: change`, with a LiveEvent as JSON in `data:`. */
export const LIVE_EVENT_NAME = 'change';

export const LIVE_EVENTS_PATH = '/api/admin/events';
