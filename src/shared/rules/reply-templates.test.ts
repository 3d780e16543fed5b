import { describe, expect, it } from 'vitest';
import { fillTemplate, templateBlanks } from './reply-templates.ts';

const values = {
  name: 'Asha Rao',
  service: 'Technical Support',
  brand: 'Sampark',
  agent: 'Bilal',
  hours: 'Mon–Fri 9:00 AM – 8:00 PM',
};

describe('reply templates', () => {
  it('fills the placeholders from the inquiry and the blanks from what the agent typed', () => {
    const body =
      'Hello {name}, {agent} from {brand} here. {service} costs [[price]] ([[ price ]] incl. tax). Open {hours}.';
    expect(templateBlanks(body)).toEqual(['price']);
    expect(fillTemplate(body, values, { price: ' ₹500 ' })).toBe(
      'Hello Asha Rao, Bilal from Sampark here. Technical Support costs ₹500 (₹500 incl. tax). Open Mon–Fri 9:00 AM – 8:00 PM.',
    );
  });

  it('lists each blank once, in order, and drops one left empty', () => {
    const body = 'नमस्ते {name}, [[तारीख]] को [[समय]] बजे आइए। [[तारीख]]';
    expect(templateBlanks(body)).toEqual(['तारीख', 'समय']);
    expect(fillTemplate(body, values, { तारीख: '5 दिसंबर' })).toBe(
      'नमस्ते Asha Rao, 5 दिसंबर को  बजे आइए। 5 दिसंबर',
    );
  });

  it('leaves braces that name no placeholder, and brackets that are no blank, as typed', () => {
    const body = 'Use {code} or {{name}} and [[]] or [single] or [[a\nb]]';
    expect(templateBlanks(body)).toEqual([]);
    expect(fillTemplate(body, values)).toBe('Use {code} or {Asha Rao} and [[]] or [single] or [[a\nb]]');
  });
});
