import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiRequestError,
  apiRequest,
  errorCode,
  errorMessage,
  isSessionError,
  NETWORK_ERROR_STATUS,
} from './api-client.ts';
import { stubFetch } from './fetch-stub.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with the session cookie and returns the checked answer', async () => {
    const fetchMock = stubFetch({ success: true, id: 'x' }, 201);
    const result = await apiRequest('/api/things', {
      method: 'POST',
      body: { name: 'a' },
      schema: z.object({ success: z.literal(true), id: z.string() }),
    });
    expect(result).toEqual({ success: true, id: 'x' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"name":"a"}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('sends no JSON content type without a body (Fastify refuses an empty JSON body)', async () => {
    const fetchMock = stubFetch({ success: true }, 200);
    await apiRequest('/api/admin/logout', { method: 'POST' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).not.toHaveProperty('content-type');
    expect(init?.body).toBeUndefined();
  });

  it('throws the server message and field errors', async () => {
    stubFetch(
      { success: false, code: 'VALIDATION', message: 'Please check the form: bad', errors: { value: 'bad' } },
      400,
    );
    const error = await apiRequest('/api/contacts').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please check the form: bad',
      fieldErrors: { value: 'bad' },
    });
    expect(errorCode(error)).toBe('VALIDATION');
    expect(errorMessage(error, 'Failed to add contact')).toBe('Please check the form: bad');
  });

  it('says how long the server asked to wait, when it did', async () => {
    const body = {
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many messages. Please try again in 60 minutes.',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body, { status: 429, headers: { 'retry-after': '3600' } })),
    );
    expect(await apiRequest('/api/contact-inquiries').catch((caught: unknown) => caught)).toMatchObject({
      status: 429,
      retryAfterSeconds: 3600,
    });
    stubFetch(body, 429);
    const withoutWait = await apiRequest('/api/contact-inquiries').catch((caught: unknown) => caught);
    expect((withoutWait as ApiRequestError).retryAfterSeconds).toBeUndefined();
  });

  it('tells an ended session from a wrong password by the code, whatever the words', async () => {
    stubFetch({ success: false, code: 'SESSION_REQUIRED', message: 'सत्र समाप्त हो गया' }, 401);
    expect(isSessionError(await apiRequest('/api/contacts').catch((caught: unknown) => caught))).toBe(true);
    stubFetch({ success: false, code: 'INVALID_CREDENTIALS', message: 'Authentication required' }, 401);
    expect(isSessionError(await apiRequest('/api/admin/login').catch((caught: unknown) => caught))).toBe(
      false,
    );
  });

  it('uses the fallback message when the answer is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await apiRequest('/api/contacts').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, hasServerMessage: false });
    expect(errorMessage(error, 'Failed to load contacts')).toBe('Failed to load contacts');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const error = await apiRequest('/api/contacts').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: NETWORK_ERROR_STATUS });
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
  });
});
