import { randomInt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROOF_OF_WORK_HEADER, PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import { inquiryRepository } from '../../test-support/inquiry-repository.ts';
import { solveChallengeOf } from '../../test-support/proof-of-work.ts';
import { statusCounts } from '../../test-support/status-counts.ts';
import {
  TEST_DIALECTS,
  TEST_INQUIRY,
  TEST_ORIGIN,
  testAppForEachTest,
  withTwoAppsSharingRedis,
} from '../../test-support/test-app.ts';
import { inquiryPhoneKey } from './inquiry-limits.ts';

/** The defaults (decision 027), but a backstop a test can reach quickly. */
const CHALLENGE_AFTER_PER_HOUR = 10;
const PER_SENDER_PER_HOUR = 5;
const BACKSTOP_PER_HOUR = 30;
/** The least work a challenge may ask for: tests solve many. */
const ENV = { INQUIRY_LIMIT_PER_HOUR: String(BACKSTOP_PER_HOUR), PROOF_OF_WORK_MAX_COUNTER: '1000' };
/** One carrier address many subscribers share. */
const SHARED_ADDRESS = '100.64.12.34';

let sequence = 0;
/** A post from someone new: an email and a phone of their own. */
function newSender(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    ...TEST_INQUIRY,
    email: `visitor${sequence}.${randomInt(1e9)}@example.com`,
    phone: `+91 9${String(randomInt(1e9)).padStart(9, '0')}`,
    ...overrides,
  };
}

function post(payload: unknown, remoteAddress = SHARED_ADDRESS, proof?: string): InjectOptions {
  return {
    method: 'POST',
    url: '/api/contact-inquiries',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
    },
    payload: JSON.stringify(payload),
    remoteAddress,
  };
}

/** Every 429 says how long to wait, in Retry-After and in its message. */
function expectWaitTold(response: LightMyRequestResponse, start: string) {
  expect(response.statusCode).toBe(429);
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  const minutes = Math.ceil(wait / 60);
  expect(response.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `${start} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

function expectChallenge(
  response: LightMyRequestResponse,
  message: string = PROOF_OF_WORK_MESSAGES.required,
) {
  expect(response.statusCode).toBe(428);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toEqual({
    success: false,
    code: 'PROOF_REQUIRED',
    message,
    challenge: {
      parameters: expect.objectContaining({ algorithm: 'SHA-256', data: { purpose: 'inquiry' } }),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    },
  });
}

describe.each(TEST_DIALECTS)('contact form limits for a shared address (%s)', (dialect) => {
  const t = testAppForEachTest(dialect, ENV);
  const inquiries = () => inquiryRepository(t.database);
  const send = (payload: unknown, proof?: string) => t.app.inject(post(payload, SHARED_ADDRESS, proof));

  /** A post that gets a challenge, solved and sent again as a browser does. */
  async function sendSolving(payload: unknown): Promise<LightMyRequestResponse> {
    const first = await send(payload);
    if (first.statusCode !== 428) return first;
    return send(payload, await solveChallengeOf(first));
  }

  it('lets two visitors behind one address each send a message while a flood from it is stopped', async () => {
    // A flood of other emails and phones: the first posts of the hour go through, then each needs a proof.
    const flood = await Promise.all(Array.from({ length: 40 }, () => send(newSender())));
    expect(statusCounts(flood)).toEqual({
      201: CHALLENGE_AFTER_PER_HOUR,
      428: 40 - CHALLENGE_AFTER_PER_HOUR,
    });
    expectChallenge(flood.find((response) => response.statusCode === 428)!);

    // Two people at the same address: their browsers solve the challenge and their messages are stored.
    const asha = await sendSolving(newSender({ name: 'Asha' }));
    const ravi = await sendSolving(newSender({ name: 'Ravi' }));
    for (const response of [asha, ravi]) expect(response.statusCode).toBe(201);
    expect((await inquiries().findById(asha.json().data._id))?.name).toBe('Asha');
    expect((await inquiries().findById(ravi.json().data._id))?.name).toBe('Ravi');

    // The flood goes on without solving: still stopped, nothing stored.
    expectChallenge(await send(newSender()));
    expect(await inquiries().count()).toBe(CHALLENGE_AFTER_PER_HOUR + 2);

    // A flood that solves every challenge is stopped by the backstop, with the wait told.
    const solving: LightMyRequestResponse[] = [];
    for (let i = 0; i < BACKSTOP_PER_HOUR - CHALLENGE_AFTER_PER_HOUR - 2; i++) {
      solving.push(await sendSolving(newSender()));
    }
    expect(statusCounts(solving)).toEqual({ 201: BACKSTOP_PER_HOUR - CHALLENGE_AFTER_PER_HOUR - 2 });
    const stopped = await sendSolving(newSender());
    expectWaitTold(stopped, 'Too many messages from your connection.');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(59 * 60);

    // Elsewhere, nobody notices.
    expect((await t.app.inject(post(newSender(), '198.51.100.77'))).statusCode).toBe(201);
  });

  it('holds the limit per email and per phone under parallel posts from many addresses', async () => {
    const email = 'asha@example.com';
    const byEmail = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.inject(post(newSender({ email }), `198.51.100.${i}`))),
    );
    expect(statusCounts(byEmail)).toEqual({ 201: PER_SENDER_PER_HOUR, 429: 20 - PER_SENDER_PER_HOUR });
    expectWaitTold(byEmail.find((r) => r.statusCode === 429)!, 'Too many messages from this email address.');

    // One phone typed several ways is one phone.
    const typings = ['+91 91234 56789', '+91-91234-56789', '+919123456789', '+91 (912) 345 6789'];
    const byPhone = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject(post(newSender({ phone: typings[i % typings.length] }), `192.0.2.${i}`)),
      ),
    );
    expect(statusCounts(byPhone)).toEqual({ 201: PER_SENDER_PER_HOUR, 429: 20 - PER_SENDER_PER_HOUR });
    expectWaitTold(byPhone.find((r) => r.statusCode === 429)!, 'Too many messages from this phone number.');
    expect(await inquiries().count()).toBe(2 * PER_SENDER_PER_HOUR);
  });

  it('refuses a replayed, a forged and another form’s solution with 428 and a new challenge', async () => {
    for (let i = 0; i < CHALLENGE_AFTER_PER_HOUR; i++) expect((await send(newSender())).statusCode).toBe(201);
    const proof = await solveChallengeOf(await send(newSender()));

    // Ten posts at once carry one solution: one of them is stored.
    const replays = await Promise.all(Array.from({ length: 10 }, () => send(newSender(), proof)));
    expect(statusCounts(replays)).toEqual({ 201: 1, 428: 9 });
    expectChallenge(replays.find((r) => r.statusCode === 428)!, PROOF_OF_WORK_MESSAGES.refused);
    expectChallenge(await send(newSender(), proof), PROOF_OF_WORK_MESSAGES.refused);

    // A solution whose counter or key was changed, or that is not even one, is no proof.
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString());
    const forged = (change: (copy: typeof payload) => void) => {
      const copy = structuredClone(payload);
      change(copy);
      return Buffer.from(JSON.stringify(copy)).toString('base64');
    };
    const fresh = JSON.parse(
      Buffer.from(await solveChallengeOf(await send(newSender())), 'base64').toString(),
    );
    for (const bad of [
      forged((copy) =>
        Object.assign(copy, { challenge: fresh.challenge, solution: { counter: 1, derivedKey: '00' } }),
      ),
      forged((copy) =>
        Object.assign(copy, {
          challenge: { ...fresh.challenge, signature: '0'.repeat(64) },
          solution: fresh.solution,
        }),
      ),
      forged((copy) =>
        Object.assign(copy, {
          challenge: {
            ...fresh.challenge,
            parameters: { ...fresh.challenge.parameters, expiresAt: 9_999_999_999 },
          },
          solution: fresh.solution,
        }),
      ),
      'not base64 json',
      Buffer.from('{"challenge":1}').toString('base64'),
    ]) {
      expectChallenge(await send(newSender(), bad), PROOF_OF_WORK_MESSAGES.refused);
    }
    expect(await inquiries().count()).toBe(CHALLENGE_AFTER_PER_HOUR + 1);
  });

  it('refuses a solution once its challenge has expired', async () => {
    for (let i = 0; i < CHALLENGE_AFTER_PER_HOUR; i++) expect((await send(newSender())).statusCode).toBe(201);
    const proof = await solveChallengeOf(await send(newSender()));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    expectChallenge(await send(newSender(), proof), PROOF_OF_WORK_MESSAGES.refused);
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});

describe('the key a phone is counted under', () => {
  it('is the same however the number is typed', () => {
    expect(new Set(['+91 98765 43210', '+91-98765-43210', '+919876543210'].map(inquiryPhoneKey)).size).toBe(
      1,
    );
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('contact form proof of work shared through Redis', () => {
  it('counts a busy address and accepts each solution once across two app instances', async () => {
    await withTwoAppsSharingRedis(async (first, second) => {
      // Counters outlive a test run in Redis: an address of its own keeps runs apart.
      const address = `fd00::1:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
      for (let i = 0; i < CHALLENGE_AFTER_PER_HOUR; i++) {
        const t = i % 2 === 0 ? first : second;
        expect((await t.app.inject(post(newSender(), address))).statusCode).toBe(201);
      }
      const proof = await solveChallengeOf(await first.app.inject(post(newSender(), address)));
      const [a, b] = await Promise.all([
        first.app.inject(post(newSender(), address, proof)),
        second.app.inject(post(newSender(), address, proof)),
      ]);
      expect(statusCounts([a, b])).toEqual({ 201: 1, 428: 1 });
    });
  });
});
