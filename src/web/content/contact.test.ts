import { describe, expect, it } from 'vitest';
import { INQUIRY_SERVICE_LABELS } from '../../shared/rules/contact-inquiries.ts';
import { CONTACT_FAQ, CONTACT_SERVICE_TILES } from './contact.ts';

describe('contact page copy', () => {
  it('names each service tile as the form and the inbox name the service', () => {
    for (const tile of CONTACT_SERVICE_TILES) {
      expect(tile.title).toBe(INQUIRY_SERVICE_LABELS[tile.service]);
    }
    expect(CONTACT_SERVICE_TILES.map((tile) => tile.service)).toEqual([
      'business-consultation',
      'digital-marketing',
      'technical-support',
      'financial-advisory',
    ]);
  });

  it('has the five FAQ entries of the spec, saying when support replies and that it serves clients abroad', () => {
    expect(CONTACT_FAQ).toHaveLength(5);
    const answers = CONTACT_FAQ.map((entry) => entry.answer).join(' ');
    expect(answers).toMatch(/business hours/);
    expect(answers).toMatch(/international clients/);
  });
});
