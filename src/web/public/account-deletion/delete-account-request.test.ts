import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';
import { DELETE_ACCOUNT_PATH, hasAllFields, requestAccountDeletion } from './delete-account-request.ts';

const REQUEST = { mobile: '98765-43210', password: 'secret-pass', countryCode: '+91' };

function answering(status: number, body: string) {
  return vi.fn<typeof fetch>(async () => new Response(body, { status }));
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
    [401, { success: false, message: 'The mobile number or password is incorrect' }],
    [429, { success: false, message: 'Too many attempts. Please try again later.' }],
    [400, { success: false, message: 'Please fill in all fields', errors: { mobile: 'x' } }],
  ])('shows the server message of a %i answer', async (status, body) => {
    await expect(requestAccountDeletion(REQUEST, answering(status, JSON.stringify(body)))).resolves.toEqual({
      deleted: false,
      message: body.message,
    });
  });

  it.each([
    ['an error without a message', 500, JSON.stringify({ success: false })],
    ['an error that is not JSON', 502, '<html>Bad Gateway</html>'],
    ['an empty message', 400, JSON.stringify({ success: false, message: ' ' })],
    ['a 200 without success', 200, JSON.stringify({ message: '' })],
    ['a 200 with success false', 200, JSON.stringify({ success: false })],
  ])('falls back to "Failed to delete account" on %s', async (_case, status, body) => {
    await expect(requestAccountDeletion(REQUEST, answering(status, body))).resolves.toEqual({
      deleted: false,
      message: ACCOUNT_DELETION_MESSAGES.failed,
    });
  });

  it('says "Network error. Please try again." when the request throws', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestAccountDeletion(REQUEST, fetchImpl)).resolves.toEqual({
      deleted: false,
      message: 'Network error. Please try again.',
    });
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
