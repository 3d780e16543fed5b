import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_LIMITS } from '../../../shared/rules/contact-inquiries.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import { PublicIntl, useCopy } from '../../i18n/copy.tsx';
import { loadMessages, type Messages } from '../../i18n/messages.ts';
import type { InquiryFormField, InquiryFormValues } from './inquiry-form.ts';
import { checkInquiryForm } from './inquiry-form-check.ts';
import { type InquiryProblem, problemOfMessage, useInquiryMessages } from './inquiry-messages.ts';

const FILLED: InquiryFormValues = {
  name: 'Asha Rao',
  phone: '98765 43210',
  countryCode: '+91',
  email: 'asha@example.com',
  city: 'Pune',
  service: 'digital-marketing',
  query: 'Can you help with our launch?',
  website: '',
};

/** A value of each field that the form's schema refuses, and the kind of problem it has. */
const REFUSED_VALUES: [InquiryFormField, string, InquiryProblem][] = [
  ['name', '  ', 'required'],
  ['name', 'a'.repeat(INQUIRY_LIMITS.name + 1), 'tooLong'],
  ['name', 'Asha\u0007', 'controlCharacters'],
  ['phone', '', 'required'],
  ['phone', '9'.repeat(INQUIRY_LIMITS.phone + 1), 'tooLong'],
  ['phone', '98765\u000043210', 'controlCharacters'],
  ['phone', 'call me', 'invalid'],
  ['email', '', 'required'],
  ['email', `${'a'.repeat(INQUIRY_LIMITS.email)}@example.com`, 'tooLong'],
  ['email', 'asha\u0000@example.com', 'controlCharacters'],
  ['email', 'not-an-email', 'invalid'],
  ['city', '', 'required'],
  ['city', 'c'.repeat(INQUIRY_LIMITS.city + 1), 'tooLong'],
  ['city', 'Pune\u001b', 'controlCharacters'],
  ['service', '', 'required'],
  ['query', '', 'required'],
  ['query', 'q'.repeat(INQUIRY_LIMITS.query + 1), 'tooLong'],
  ['query', 'Hello\u0000', 'controlCharacters'],
];

const REFUSED = REFUSED_VALUES.map(([field, value, problem]) => ({ field, value, problem }));

function schemaMessage(field: InquiryFormField, value: string): string {
  const result = checkInquiryForm({ ...FILLED, [field]: value });
  if (result.success) throw new Error(`${field} ${JSON.stringify(value)} was accepted`);
  return result.errors[field]!;
}

const catalogues: Partial<Record<Locale, Messages>> = {};
beforeAll(async () => {
  catalogues.en = await loadMessages('en', ['contact', 'challenge']);
  catalogues.hi = await loadMessages('hi', ['contact', 'challenge']);
});

type Tools = ReturnType<typeof useInquiryMessages> & { copy: ReturnType<typeof useCopy<'contact'>> };

/** What the form's messages say on a page in `locale`. */
function inLanguage<T>(locale: Locale, use: (tools: Tools) => T): T {
  let result: T | undefined;
  function Probe() {
    const copy = useCopy('contact');
    result = use({ ...useInquiryMessages(), copy });
    return null;
  }
  renderToString(
    <PublicIntl locale={locale} messages={catalogues[locale]!} values={{}} timeZone="Asia/Kolkata">
      <Probe />
    </PublicIntl>,
  );
  return result as T;
}

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

describe('the contact form’s field messages', () => {
  it.each(REFUSED)('knows what $field is refused for ($problem)', ({ field, value, problem }) => {
    expect(problemOfMessage(schemaMessage(field, value))).toBe(problem);
  });

  it.each(REFUSED)(
    'says the schema’s words on an English page, and the catalogue has them too: $field $problem',
    ({ field, value, problem }) => {
      const english = schemaMessage(field, value);
      const max = field === 'service' ? '' : String(INQUIRY_LIMITS[field]);
      const { shown, catalogue } = inLanguage('en', ({ fieldMessage, copy }) => ({
        shown: fieldMessage(field, english),
        catalogue: copy(`problems.${field}.${problem}` as never, { max }),
      }));
      expect(shown).toBe(english);
      expect(catalogue).toBe(english);
    },
  );

  it.each(REFUSED)('says it in Hindi on a Hindi page: $field $problem', ({ field, value, problem }) => {
    const hindi = inLanguage('hi', ({ fieldMessage }) => fieldMessage(field, schemaMessage(field, value)));
    expect(hindi).toMatch(DEVANAGARI);
    expect(hindi).not.toMatch(LATIN_WORD);
    if (problem === 'tooLong' && field !== 'service') expect(hindi).toContain(String(INQUIRY_LIMITS[field]));
  });

  it('gives every empty field its own Hindi message', () => {
    const result = checkInquiryForm({
      ...FILLED,
      name: '',
      phone: '',
      email: '',
      city: '',
      service: '',
      query: '',
    });
    if (result.success) throw new Error('an empty form was accepted');
    const hindi = inLanguage('hi', ({ fieldMessage }) =>
      Object.entries(result.errors).map(([field, message]) =>
        fieldMessage(field as InquiryFormField, message),
      ),
    );
    expect(hindi).toEqual([
      'कृपया अपना नाम लिखें',
      'कृपया अपना फ़ोन नंबर लिखें',
      'कृपया अपना ईमेल लिखें',
      'कृपया अपना शहर लिखें',
      'कृपया अपना सवाल लिखें',
      'कृपया कोई सेवा चुनें',
    ]);
  });

  it('has a Hindi message for a field message it does not know', () => {
    expect(inLanguage('hi', ({ fieldMessage }) => fieldMessage('name', 'Something new'))).toBe(
      'कृपया यह जानकारी जाँच लें',
    );
  });
});

describe('the contact form’s failures', () => {
  const tooMany = {
    status: 429,
    serverMessage: 'Too many messages from this email address. Please try again in 60 minutes.',
  };

  it('shows the server’s own words on an English page, or the form’s fallback', () => {
    const [withMessage, network, gateway] = inLanguage('en', ({ failureMessage }) => [
      failureMessage({ ...tooMany, retryAfterSeconds: 3600 }),
      failureMessage({ status: 0 }),
      failureMessage({ status: 502 }),
    ]);
    expect(withMessage).toBe(tooMany.serverMessage);
    expect(network).toBe('Failed to submit inquiry. Please try again.');
    expect(gateway).toBe('Failed to submit inquiry. Please try again.');
  });

  it('does not repeat a refused field’s message for the whole form', () => {
    const said = inLanguage('en', ({ failureMessage }) =>
      failureMessage(
        { status: 400, serverMessage: 'Please check the form: Enter a valid phone number' },
        true,
      ),
    );
    expect(said).toBe('Please correct the highlighted fields.');
  });

  it('says each kind of failure in Hindi on a Hindi page', () => {
    const said = inLanguage('hi', ({ failureMessage }) => ({
      tooMany: failureMessage({ ...tooMany, retryAfterSeconds: 3540 }),
      tooManyOneMinute: failureMessage({ ...tooMany, retryAfterSeconds: 20 }),
      tooManyLater: failureMessage(tooMany),
      fieldsOnPage: failureMessage({ status: 400, serverMessage: 'Please correct the highlighted fields.' }),
      challenge: failureMessage({ status: 428, serverMessage: PROOF_OF_WORK_MESSAGES.required }),
      refused: failureMessage({ status: 428, serverMessage: PROOF_OF_WORK_MESSAGES.refused }),
      tooLarge: failureMessage({ status: 413, serverMessage: 'The request body is too large' }),
      network: failureMessage({ status: 0 }),
      other: failureMessage({ status: 502 }),
    }));
    expect(said.tooMany).toBe('बहुत ज़्यादा संदेश भेजे जा चुके हैं। कृपया 59 मिनट बाद फिर से कोशिश करें।');
    expect(said.tooManyOneMinute).toContain('1 मिनट बाद');
    expect(said.tooManyLater).toBe('बहुत ज़्यादा संदेश भेजे जा चुके हैं। कृपया कुछ देर बाद फिर से कोशिश करें।');
    expect(said.challenge).not.toBe(said.refused);
    for (const text of Object.values(said)) {
      expect(text).toMatch(DEVANAGARI);
      expect(text).not.toMatch(LATIN_WORD);
    }
    expect(new Set(Object.values(said)).size).toBe(Object.keys(said).length);
  });
});
