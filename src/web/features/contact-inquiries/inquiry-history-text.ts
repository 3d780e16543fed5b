import type { InquiryEvent } from '../../../shared/contracts/inquiry-history.ts';
import { INQUIRY_STATUS_LABELS } from '../../../shared/rules/contact-inquiries.ts';

const NOTE_ACTIONS = { added: 'added a note', edited: 'edited a note', deleted: 'deleted a note' } as const;
const REPLY_LINKS = {
  whatsapp: 'opened the WhatsApp reply link',
  call: 'opened the call link',
  sms: 'opened the SMS reply link',
  email: 'opened the email reply link',
} as const;

/** What an entry of the history says was done, after the name of who did it: "changed the status from New to Resolved". */
export function inquiryEventText(event: InquiryEvent): string {
  switch (event.kind) {
    case 'status':
      return `changed the status from ${INQUIRY_STATUS_LABELS[event.from]} to ${INQUIRY_STATUS_LABELS[event.to]}`;
    case 'assigned':
      return event.previous === null
        ? `assigned it to ${event.assignee}`
        : `reassigned it from ${event.previous} to ${event.assignee}`;
    case 'unassigned':
      return `unassigned ${event.previous}`;
    case 'note':
      return NOTE_ACTIONS[event.action];
    case 'reply-link':
      return event.template === undefined
        ? REPLY_LINKS[event.channel]
        : `${REPLY_LINKS[event.channel]} with the template “${event.template}”`;
  }
}
