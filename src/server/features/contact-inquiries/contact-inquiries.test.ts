import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { INQUIRY_SERVICES, INQUIRY_SUCCESS_MESSAGE } from '../../../shared/rules/contact-inquiries.ts';
import { inquiryRepository } from '../../test-support/inquiry-repository.ts';
import {
  TEST_DIALECTS,
  TEST_INQUIRY,
  TEST_ORIGIN,
  testAppForEachTest,
  withTestApp,
  withTwoAppsSharingRedis,
} from '../../test-support/test-app.ts';
import type { createContactInquiryRepository } from './repository.ts';

const INQUIRY_LIMIT_PER_SENDER_PER_HOUR = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function inquiry(overrides: Record<string, unknown> = {}) {
  return { ...TEST_INQUIRY, ...overrides };
}

/** A visitor's post from the site's own page (browsers send Origin), from one client address. */
function post(payload: unknown, remoteAddress = '203.0.113.7'): InjectOptions {
  return {
    method: 'POST',
    url: '/api/contact-inquiries',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress,
  };
}

/** What every accepted post gets, the honeypot's pretended success alike; returns the id it names. */
function expectAccepted(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(201);
  const body = response.json();
  expect(body).toEqual({
    success: true,
    message: INQUIRY_SUCCESS_MESSAGE,
    data: { _id: expect.any(String) },
  });
  return body.data._id;
}

describe.each(TEST_DIALECTS)('contact inquiries API (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);
  let inquiries: ReturnType<typeof createContactInquiryRepository>;
  beforeEach(async () => {
    inquiries = inquiryRepository(t.database);
  });

  it('answers a burst of posts at once, each with its own id and stored', async () => {
    const queries = Array.from({ length: 8 }, (_, i) => `Burst message ${i}`);
    const responses = await Promise.all(
      queries.map((query, i) =>
        t.app.inject(
          post(
            inquiry({ query, email: `burst${i}@example.com`, phone: `+91 98765 4320${i}` }),
            `203.0.113.${20 + i}`,
          ),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(queries.map(() => 201));
    const ids = responses.map((response) => response.json().data._id as string);
    expect(new Set(ids).size).toBe(queries.length);
    for (const [i, id] of ids.entries()) expect((await inquiries.findById(id))?.query).toBe(queries[i]);
  });

  it('stores an inquiry with its service, new and unread', async () => {
    const response = await t.app.inject(
      post(inquiry({ name: '  Asha Verma ', email: 'Asha@Example.COM', service: 'digital-marketing' })),
    );
    const id = expectAccepted(response);
    const stored = await inquiries.findById(id);
    expect(stored).toEqual({
      _id: id,
      name: 'Asha Verma',
      phone: '+919876543210',
      phoneDisplay: '+91 98765 43210',
      email: 'asha@example.com',
      city: 'Pune',
      query: 'Can you help with my account?',
      service: 'digital-marketing',
      status: 'new',
      isRead: false,
      // No language given: the API's English.
      language: 'en',
      assignee: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const response = await t.app.inject(post(inquiry({ website: 'https://spam.example' })));
    const id = expectAccepted(response);
    expect(id).toMatch(UUID);
    expect(await inquiries.findById(id)).toBeUndefined();
    expect(await inquiries.count()).toBe(0);

    // An empty honeypot is a person.
    expect((await t.app.inject(post(inquiry({ website: '' })))).statusCode).toBe(201);
    expect(await inquiries.count()).toBe(1);
  });

  it('accepts 5 messages an hour from one email address, honeypot posts included, then answers 429', async () => {
    for (let i = 0; i < INQUIRY_LIMIT_PER_SENDER_PER_HOUR; i++) {
      const payload = i % 2 === 0 ? inquiry({ query: `Message ${i}` }) : inquiry({ website: 'bot' });
      // From a new address each time, and with another phone: the email is what is counted.
      const phone = `+91 98765 4321${i}`;
      expect((await t.app.inject(post({ ...payload, phone }, `203.0.113.${i}`))).statusCode).toBe(201);
    }
    const refused = await t.app.inject(post(inquiry({ query: 'One more', phone: '+91 91234 56789' })));
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many messages from this email address. Please try again in 60 minutes.',
    });
    expect(await inquiries.count()).toBe(Math.ceil(INQUIRY_LIMIT_PER_SENDER_PER_HOUR / 2));

    // Another sender at the same address is not affected.
    expect(
      (await t.app.inject(post(inquiry({ email: 'ravi@example.com', phone: '+91 91234 56789' })))).statusCode,
    ).toBe(201);
  });

  it('explains every missing or bad field', async () => {
    const empty = await t.app.inject(post({}));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      errors: {
        name: 'Name is required',
        phone: 'Phone is required',
        email: 'Email is required',
        city: 'City is required',
        query: 'Query is required',
        service: 'Select a service',
      },
    });
    const bad = await t.app.inject(post(inquiry({ phone: '98765', email: 'asha', service: 'astrology' })));
    expect(bad.json().errors).toEqual({
      phone: 'Enter a valid phone number for the chosen country, e.g. 98765 43210',
      email: 'Enter a valid email address',
      service: 'Select a service',
    });
    expect(await inquiries.count()).toBe(0);
  });

  it.each([
    ['9876543210', '+91'],
    ['98765 43210', undefined],
    ['09876543210', '+91'],
    ['+91 98765-43210', '+44'],
    ['(98765) 43210', '+91'],
  ])(
    'takes the phone %s (country %s) as people type it and stores it in E.164',
    async (phone, countryCode) => {
      const id = expectAccepted(await t.app.inject(post(inquiry({ phone, countryCode }))));
      expect(await inquiries.findById(id)).toMatchObject({
        phone: '+919876543210',
        phoneDisplay: '+91 98765 43210',
      });
    },
  );

  it('reads a national number with the chosen country', async () => {
    const id = expectAccepted(
      await t.app.inject(post(inquiry({ phone: '020 7946 0000', countryCode: '+44' }))),
    );
    expect(await inquiries.findById(id)).toMatchObject({
      phone: '+442079460000',
      phoneDisplay: '+44 20 7946 0000',
    });
  });

  it.each([
    ['a number India does not have', { phone: '55555 55555' }],
    ['too few digits for India', { phone: '98765 4321' }],
    ['letters', { phone: 'call me maybe' }],
    ['a control character', { phone: '98765\u000043210' }],
    ['huge input', { phone: '9'.repeat(10_000) }],
  ])('refuses %s with a message on the phone field', async (_, fields) => {
    const response = await t.app.inject(post(inquiry(fields)));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors)).toEqual(['phone']);
    expect(body.errors.phone).toMatch(/^(Enter a valid phone number for the chosen country|Phone must)/);
    expect(await inquiries.count()).toBe(0);
  });

  it('refuses a country code that is not one', async () => {
    const response = await t.app.inject(post(inquiry({ phone: '98765 43210', countryCode: 'India' })));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ countryCode: 'Choose a country code' });
  });

  it('refuses a query over 2,000 characters with a field message', async () => {
    const response = await t.app.inject(post(inquiry({ query: 'x'.repeat(2001) })));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ query: 'Query must be at most 2000 characters' });
    expect((await t.app.inject(post(inquiry({ query: 'x'.repeat(2000) })))).statusCode).toBe(201);
  });

  it('refuses a megabyte of text with 413 in the error shape', async () => {
    const response = await t.app.inject(post(inquiry({ query: 'x'.repeat(1024 * 1024) })));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
    });
    expect(await inquiries.count()).toBe(0);
  });

  it('refuses a post from another site', async () => {
    const response = await t.app.inject({ ...post(inquiry()), headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  });

  it('never answers 5xx to any JSON body', async () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ minLength: 1990, maxLength: 2100 }));
    const anyValue = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            {
              name: fc.oneof(text, anyValue),
              phone: fc.oneof(fc.constant('+91 98765 43210'), text, anyValue),
              email: fc.oneof(fc.emailAddress(), text, anyValue),
              city: fc.oneof(text, anyValue),
              query: fc.oneof(text, anyValue),
              service: fc.oneof(fc.constantFrom(...INQUIRY_SERVICES), text, anyValue),
              website: fc.oneof(fc.constant(''), text, anyValue),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
        // Each run from its own address, so the rate limit does not hide the validation.
        fc.integer({ min: 1, max: 250 }),
        async (payload, host) => {
          const response = await t.app.inject(post(payload, `10.9.${randomInt(250)}.${host}`));
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json().success).toBeTypeOf('boolean');
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('contact inquiry limit setting', () => {
  it('follows INQUIRY_LIMIT_PER_HOUR', async () => {
    await withTestApp('sqlite', { INQUIRY_LIMIT_PER_HOUR: '2' }, async (t) => {
      expect((await t.app.inject(post(inquiry()))).statusCode).toBe(201);
      expect((await t.app.inject(post(inquiry()))).statusCode).toBe(201);
      const refused = await t.app.inject(post(inquiry()));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toBe(
        'Too many messages from your connection. Please try again in 60 minutes.',
      );
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('contact inquiry limit shared through Redis', () => {
  it('counts the posts of one email address across two app instances', async () => {
    await withTwoAppsSharingRedis(async (first, second) => {
      // Counters outlive a test run in Redis: an email and addresses of their own keep runs apart.
      const email = `asha.${randomInt(1e9)}@example.com`;
      const phone = `+91 98${String(randomInt(1e8)).padStart(8, '0')}`;
      const address = () =>
        `fd00::${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
      for (let i = 0; i < INQUIRY_LIMIT_PER_SENDER_PER_HOUR; i++) {
        const t = i % 2 === 0 ? first : second;
        expect((await t.app.inject(post(inquiry({ email, phone }), address()))).statusCode).toBe(201);
      }
      expect((await first.app.inject(post(inquiry({ email, phone }), address()))).statusCode).toBe(429);
      expect((await second.app.inject(post(inquiry({ email, phone }), address()))).statusCode).toBe(429);
    });
  });
});
