import { describe, expect, it } from 'vitest';
import { INQUIRY_SERVICE_LABELS, INQUIRY_SERVICES } from '../../../shared/rules/contact-inquiries.ts';
import english from '../../content/messages/en/contact.json';

describe('the contact page’s English texts', () => {
  it('name each service as the form’s schema and the inbox name it', () => {
    for (const service of INQUIRY_SERVICES) {
      expect(english.services[service].title).toBe(INQUIRY_SERVICE_LABELS[service]);
    }
  });

  it('have five FAQ entries, saying when support replies and that it serves clients abroad', () => {
    expect(english.faq).toHaveLength(5);
    const answers = english.faq.map((entry) => entry.answer).join(' ');
    expect(answers).toMatch(/business hours/);
    expect(answers).toMatch(/international clients/);
  });
});
