import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ECHO_MARKER, echoMarkerOf, fuzzRequest, percentEncode, tagEchoMarkers } from './arbitraries.ts';
import { checkResponse, type FuzzResponse } from './checks.ts';
import { operationsFromOpenApi, routesFromPrintout } from './operations.ts';

const SECURE = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" };
const json = (statusCode: number, body: unknown, headers: Record<string, string> = SECURE): FuzzResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const kinds = (url: string, response: FuzzResponse) =>
  checkResponse({ method: 'POST', url }, response, { marker: ECHO_MARKER }).map(
    (violation) => violation.kind,
  );

describe('routesFromPrintout', () => {
  it('reads every method of every route from Fastify’s printed tree', () => {
    const printout = [
      '└── / (GET, HEAD)',
      '    ├── api/admin/login (POST)',
      '    │   └── -info (GET, HEAD)',
      '    ├── api/blogs (POST)',
      '    │   └── /:slug|:id (GET, PUT)',
      '    └── robots.txt (GET)',
    ].join('\n');
    expect(routesFromPrintout(printout)).toEqual([
      { method: 'GET', path: '/' },
      { method: 'HEAD', path: '/' },
      { method: 'POST', path: '/api/admin/login' },
      { method: 'GET', path: '/api/admin/login-info' },
      { method: 'HEAD', path: '/api/admin/login-info' },
      { method: 'POST', path: '/api/blogs' },
      { method: 'GET', path: '/api/blogs/{}' },
      { method: 'PUT', path: '/api/blogs/{}' },
      { method: 'GET', path: '/robots.txt' },
    ]);
  });
});

describe('operationsFromOpenApi', () => {
  it('takes each operation’s path and query parameters and its JSON body', () => {
    const document = {
      paths: {
        '/api/things/{id}': {
          patch: {
            parameters: [
              { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
              { in: 'query', name: 'page', schema: { type: 'integer' } },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    };
    expect(operationsFromOpenApi(document)).toEqual([
      {
        method: 'PATCH',
        path: '/api/things/{id}',
        pathParams: [{ name: 'id', required: true, schema: { type: 'string' } }],
        query: [{ name: 'page', required: false, schema: { type: 'integer' } }],
        body: { schema: { type: 'object' }, required: true, contentType: 'application/json' },
      },
    ]);
  });
});

describe('the fuzzer’s requests', () => {
  it('are the same for the same seed', () => {
    const [operation] = operationsFromOpenApi({
      paths: {
        '/api/things/{id}': {
          put: {
            parameters: [{ in: 'path', name: 'id', schema: { type: 'string', maxLength: 100 } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
                },
              },
            },
          },
        },
      },
    });
    const fixtures = { ids: ['an-id'], slugs: [], idsByPath: {} };
    const sample = () => fc.sample(fuzzRequest(operation!, fixtures), { numRuns: 30, seed: 42 });
    expect(sample()).toEqual(sample());
  });

  it('carry an echo marker of their own, so stored text from an earlier one is not taken for an echo', () => {
    const sent = tagEchoMarkers(`/api/x?q=${ECHO_MARKER}&r=${ECHO_MARKER}`, 17);
    expect(sent).toBe(`/api/x?q=${echoMarkerOf(17)}&r=${echoMarkerOf(17)}`);
    expect(echoMarkerOf(1)).not.toContain(echoMarkerOf(17));
    expect(echoMarkerOf(17)).not.toContain(echoMarkerOf(1));
  });

  it('percent-encode any text, lone surrogates too', () => {
    expect(percentEncode('a b\u0000/é')).toBe('a%20b%00%2F%C3%A9');
    expect(percentEncode('\ud800')).toBe('%EF%BF%BD');
  });
});

describe('checkResponse', () => {
  it('accepts a 4xx in the one error shape with the security headers', () => {
    expect(
      kinds(
        '/api/x',
        json(400, { success: false, code: 'VALIDATION', message: 'No', errors: { name: 'Too long' } }),
      ),
    ).toEqual([]);
  });

  it('flags a 5xx, a stack trace, another shape, an echo and missing headers', () => {
    expect(
      kinds('/api/x', json(500, { success: false, code: 'INTERNAL', message: 'Something went wrong' })),
    ).toEqual(['server error']);
    const stack = 'TypeError: x is undefined\n    at handler (/app/src/server/routes.ts:12:5)';
    expect(kinds('/api/x', json(400, { success: false, code: 'BAD_REQUEST', message: stack }))).toEqual([
      'stack trace',
    ]);
    expect(kinds('/api/x', json(400, { success: false, message: 'No code' }))).toEqual(['error shape']);
    expect(kinds('/api/x', json(400, { success: false, code: 'NOPE', message: 'No' }))).toEqual([
      'error shape',
    ]);
    expect(
      kinds('/api/x', json(400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x' })),
    ).toEqual(['error shape']);
    expect(
      kinds(
        '/api/x',
        json(404, { success: false, code: 'NOT_FOUND', message: `No such endpoint: /${ECHO_MARKER}` }),
      ),
    ).toEqual(['echo']);
    expect(kinds('/api/x', json(400, { success: false, code: 'BAD_REQUEST', message: 'No' }, {}))).toEqual([
      'security headers',
    ]);
  });

  it('lets a success show what was stored, and flags a redirect off the site', () => {
    expect(kinds('/api/x', json(201, { success: true, data: { name: ECHO_MARKER } }))).toEqual([]);
    const redirect = { statusCode: 302, headers: { ...SECURE, location: '//evil.example/' }, body: '' };
    expect(kinds('/blog', redirect)).toEqual(['redirect']);
  });
});
