import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETION_RETENTION_DAYS,
} from '../../../shared/rules/account-deletion.ts';
import { PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import { catalogueCopy } from '../../i18n/catalogue-copy.ts';
import { type DeletionFailure, failureText, hasAllFields } from './delete-account-request.ts';
import { DELETE_ACCOUNT_PATH, requestAccountDeletion } from './send-account-deletion.ts';

const REQUEST = { mobile: '98765-43210', password: 'secret-pass', countryCode: '+91' };

function answering(status: number, body: string, headers?: Record<string, string>) {
  return vi.fn<typeof fetch>(async () => new Response(body, { status, headers }));
}

type DeletionCopy = Awaited<ReturnType<typeof catalogueCopy<'account-deletion'>>>;
let english: DeletionCopy;
let hindi: DeletionCopy;
beforeAll(async () => {
  english = await catalogueCopy('en', 'account-deletion', { product: 'Sampark' });
  hindi = await catalogueCopy('hi', 'account-deletion', { product: 'Sampark' });
});

/** What the English page and the Hindi page say about an outcome. */
async function shown(fetchImpl: typeof fetch, proof?: string) {
  const outcome = await requestAccountDeletion(REQUEST, fetchImpl, proof);
  if (outcome.deleted) throw new Error('The account was deleted');
  return { en: failureText(outcome, 'en', english), hi: failureText(outcome, 'hi', hindi) };
}

describe('requestAccountDeletion', () => {
  it('sends the mobile as typed, the password and the country code as a JSON DELETE', async () => {
    const fetchImpl = answering(200, JSON.stringify({ success: true, message: 'Account deleted' }));
    await expect(requestAccountDeletion(REQUEST, fetchImpl)).resolves.toEqual({ deleted: true });
    const [path, init] = fetchImpl.mock.calls[0]!;
    expect(path).toBe(DELETE_ACCOUNT_PATH);
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(REQUEST);
  });

  it.each([
    [401, 'invalidCredentials', { success: false, message: 'The mobile number or password is incorrect' }],
    [429, 'tooManyAttempts', { success: false, message: 'Too many attempts. Please try again later.' }],
    [400, 'invalid', { success: false, message: 'Please fill in all fields', errors: { mobile: 'x' } }],
    [404, 'failed', { success: false, message: 'No such endpoint' }],
  ])('keeps the server message of a %i answer, and why it failed (%s)', async (status, kind, body) => {
    await expect(requestAccountDeletion(REQUEST, answering(status, JSON.stringify(body)))).resolves.toEqual({
      deleted: false,
      kind,
      message: body.message,
    });
  });

  it('keeps the wait of a 429', async () => {
    const body = JSON.stringify({
      success: false,
      message: 'Too many attempts. Please try again in 12 minutes.',
    });
    await expect(
      requestAccountDeletion(REQUEST, answering(429, body, { 'retry-after': '690' })),
    ).resolves.toMatchObject({ deleted: false, kind: 'tooManyAttempts', retryAfterSeconds: 690 });
  });

  it.each([
    ['an error without a message', 500, JSON.stringify({ success: false })],
    ['an error that is not JSON', 502, '<html>Bad Gateway</html>'],
    ['an empty message', 400, JSON.stringify({ success: false, message: ' ' })],
    ['a 200 without success', 200, JSON.stringify({ message: '' })],
    ['a 200 with success false', 200, JSON.stringify({ success: false })],
  ])('says "Failed to delete account" on %s', async (_case, status, body) => {
    const outcome = await requestAccountDeletion(REQUEST, answering(status, body));
    expect(outcome).not.toHaveProperty('message');
    expect(outcome.deleted).toBe(false);
    if (status !== 400) {
      expect(await shown(answering(status, body))).toEqual({
        en: ACCOUNT_DELETION_MESSAGES.failed,
        hi: 'खाता नहीं हटाया जा सका। कृपया फिर से कोशिश करें।',
      });
    }
  });

  it('says "Network error. Please try again." when the request throws', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestAccountDeletion(REQUEST, fetchImpl)).resolves.toEqual({
      deleted: false,
      kind: 'network',
    });
    expect(await shown(fetchImpl)).toEqual({
      en: 'Network error. Please try again.',
      hi: 'नेटवर्क में दिक्कत है। कृपया फिर से कोशिश करें।',
    });
  });
});

describe('what the page says about a failure', () => {
  const answer = (status: number, message: string, headers?: Record<string, string>) =>
    answering(status, JSON.stringify({ success: false, message }), headers);

  it('shows the server message as it is in English, and the same in Hindi words', async () => {
    expect(await shown(answer(401, ACCOUNT_DELETION_MESSAGES.invalidCredentials))).toEqual({
      en: 'The mobile number or password is incorrect',
      hi: 'मोबाइल नंबर या पासवर्ड गलत है।',
    });
    expect(await shown(answer(400, 'Mobile number must not contain control characters'))).toEqual({
      en: 'Mobile number must not contain control characters',
      hi: 'मोबाइल नंबर या पासवर्ड ठीक से नहीं भरा गया है। कृपया जाँचकर फिर से भरें।',
    });
    expect(await shown(answer(404, 'No such endpoint'))).toEqual({
      en: 'No such endpoint',
      hi: 'खाता नहीं हटाया जा सका। कृपया फिर से कोशिश करें।',
    });
  });

  it('says how long to wait after too many attempts, in minutes or hours', async () => {
    const refused = (seconds: number, wait: string) =>
      answer(429, `${ACCOUNT_DELETION_MESSAGES.tooManyAttempts} ${wait}.`, {
        'retry-after': String(seconds),
      });
    expect(await shown(refused(690, 'in 12 minutes'))).toEqual({
      en: 'Too many attempts. Please try again in 12 minutes.',
      hi: 'बहुत बार कोशिश हो चुकी है। कृपया 12 मिनट बाद फिर से कोशिश करें।',
    });
    expect(await shown(refused(2 * 60 * 60, 'in 2 hours'))).toEqual({
      en: 'Too many attempts. Please try again in 2 hours.',
      hi: 'बहुत बार कोशिश हो चुकी है। कृपया 2 घंटे बाद फिर से कोशिश करें।',
    });
    expect(await shown(answer(429, 'Too many requests, please try again later'))).toEqual({
      en: 'Too many requests, please try again later',
      hi: 'बहुत ज़्यादा कोशिशें हो गई हैं। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
    });
  });

  it('asks for the proof of work again, or says a solution was refused', async () => {
    const required = await shown(answer(428, PROOF_OF_WORK_MESSAGES.required));
    expect(required.en).toBe(PROOF_OF_WORK_MESSAGES.required);
    expect(required.hi).toMatch(/^इस समय आपके कनेक्शन से बहुत सारे अनुरोध आ रहे हैं।/);
    const refused = await shown(answer(428, PROOF_OF_WORK_MESSAGES.refused), 'a-solution');
    expect(refused.en).toBe(PROOF_OF_WORK_MESSAGES.refused);
    expect(refused.hi).toMatch(/^यह जाँच स्वीकार नहीं हुई/);
  });

  it('has English texts that are the server messages, for when an answer carries none', () => {
    const text = (failure: DeletionFailure) => failureText(failure, 'en', english);
    expect(text({ kind: 'missingFields' })).toBe(ACCOUNT_DELETION_MESSAGES.missingFields);
    expect(text({ kind: 'invalid' })).toBe(ACCOUNT_DELETION_MESSAGES.missingFields);
    expect(text({ kind: 'invalidCredentials' })).toBe(ACCOUNT_DELETION_MESSAGES.invalidCredentials);
    expect(text({ kind: 'tooManyAttempts', retryAfterSeconds: 60 })).toBe(
      `${ACCOUNT_DELETION_MESSAGES.tooManyAttempts} in 1 minute.`,
    );
    expect(text({ kind: 'proofRequired' })).toBe(PROOF_OF_WORK_MESSAGES.required);
    expect(text({ kind: 'proofRefused' })).toBe(PROOF_OF_WORK_MESSAGES.refused);
    expect(text({ kind: 'failed' })).toBe(ACCOUNT_DELETION_MESSAGES.failed);
    expect(text({ kind: 'network' })).toBe(ACCOUNT_DELETION_MESSAGES.network);
    expect(english('done.heading')).toBe(ACCOUNT_DELETION_MESSAGES.deleted);
    expect(english('confirm.deleting')).toBe(ACCOUNT_DELETION_MESSAGES.deleting);
    expect(failureText({ kind: 'missingFields' }, 'hi', hindi)).toBe('कृपया मोबाइल नंबर और पासवर्ड, दोनों भरें।');
  });

  it('names the retention in both languages', () => {
    const days = { days: DELETION_RETENTION_DAYS };
    expect(english('sections.kept.paragraphs.0', days)).toContain(`up to ${DELETION_RETENTION_DAYS} days`);
    expect(english('meta.description', days)).toContain(`up to ${DELETION_RETENTION_DAYS} days`);
    expect(hindi('sections.kept.paragraphs.0', days)).toContain(`${DELETION_RETENTION_DAYS} दिन`);
  });
});

describe('hasAllFields', () => {
  it('needs a mobile that is not only spaces and any password', () => {
    expect(hasAllFields({ mobile: '98765 43210', password: 'x' })).toBe(true);
    expect(hasAllFields({ mobile: '', password: 'x' })).toBe(false);
    expect(hasAllFields({ mobile: '   ', password: 'x' })).toBe(false);
    expect(hasAllFields({ mobile: '98765 43210', password: '' })).toBe(false);
    // A password is taken as typed: spaces may be part of it.
    expect(hasAllFields({ mobile: '98765 43210', password: ' ' })).toBe(true);
  });
});
