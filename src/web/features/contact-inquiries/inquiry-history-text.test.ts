import { describe, expect, it } from 'vitest';
import type { InquiryEvent } from '../../../shared/contracts/inquiry-history.ts';
import { inquiryEventText } from './inquiry-history-text.ts';

const who = { _id: 'a', actor: { _id: 'u', name: 'Ravi' }, at: '2026-03-01T10:00:00.000Z' };

describe('inquiryEventText', () => {
  it.each<[InquiryEvent, string]>([
    [
      { ...who, kind: 'status', from: 'new', to: 'in-progress' },
      'changed the status from New to In Progress',
    ],
    [{ ...who, kind: 'assigned', assignee: 'Asha', previous: null }, 'assigned it to Asha'],
    [{ ...who, kind: 'assigned', assignee: 'Asha', previous: 'Ravi' }, 'reassigned it from Ravi to Asha'],
    [{ ...who, kind: 'unassigned', previous: 'Asha' }, 'unassigned Asha'],
    [{ ...who, kind: 'note', action: 'added' }, 'added a note'],
    [{ ...who, kind: 'note', action: 'edited' }, 'edited a note'],
    [{ ...who, kind: 'note', action: 'deleted' }, 'deleted a note'],
    [{ ...who, kind: 'reply-link', channel: 'whatsapp' }, 'opened the WhatsApp reply link'],
    [{ ...who, kind: 'reply-link', channel: 'email' }, 'opened the email reply link'],
    [{ ...who, kind: 'reply-link', channel: 'call' }, 'opened the call link'],
  ])('says what was done: %j', (event, text) => {
    expect(inquiryEventText(event)).toBe(text);
  });
});
