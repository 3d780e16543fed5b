import { randomInt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';
import { PROOF_OF_WORK_HEADER, PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import { solveChallengeOf } from '../../test-support/proof-of-work.ts';
import { statusCounts } from '../../test-support/status-counts.ts';
import {
  createMember,
  TEST_DIALECTS,
  TEST_INQUIRY,
  TEST_MEMBER,
  TEST_ORIGIN,
  testAppForEachTest,
  withTwoAppsSharingRedis,
} from '../../test-support/test-app.ts';
import {
  DELETION_CHALLENGE_AFTER_FAILURES,
  DELETION_FAILURES_PER_ADDRESS_PER_HOUR,
  DELETION_FAILURES_PER_MOBILE,
} from './deletion-throttle.ts';
import { createMemberRepository } from './repository.ts';

/** One carrier address many members share. */
const SHARED_ADDRESS = '100.64.56.78';
/** The least work a challenge may ask for (tests solve many); every inquiry challenged, to get one. */
const ENV = { PROOF_OF_WORK_MAX_COUNTER: '1000', INQUIRY_CHALLENGE_AFTER_PER_HOUR: '0' };

const someoneElsesMobile = () => `+9190${String(randomInt(1e8)).padStart(8, '0')}`;

function deletion(payload: object, proof?: string, remoteAddress = SHARED_ADDRESS): InjectOptions {
  return {
    method: 'DELETE',
    url: '/api/auth/delete-account',
    headers: { origin: TEST_ORIGIN, ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}) },
    payload,
    remoteAddress,
  };
}

describe.each(TEST_DIALECTS)('account deletion limits for a shared address (%s)', (dialect) => {
  const t = testAppForEachTest(dialect, ENV);
  const members = () => createMemberRepository(t.database.db, dialect);
  const send = (payload: object, proof?: string) => t.app.inject(deletion(payload, proof));
  const wrongGuess = () => ({ mobile: someoneElsesMobile(), password: 'guess' });

  /** As the page does it: a challenge is solved and the request sent again. */
  async function sendSolving(payload: object): Promise<LightMyRequestResponse> {
    const first = await send(payload);
    if (first.statusCode !== 428) return first;
    return send(payload, await solveChallengeOf(first));
  }

  it('lets two members behind one address delete their accounts while a flood of guesses from it is stopped', async () => {
    const asha = { mobile: '+919876500001', password: 'asha password 1' };
    const ravi = { mobile: '+919876500002', password: 'ravi password 2' };
    await createMember(t.database, asha);
    await createMember(t.database, ravi);

    const flood = await Promise.all(Array.from({ length: 30 }, () => send(wrongGuess())));
    expect(statusCounts(flood)).toEqual({
      401: DELETION_CHALLENGE_AFTER_FAILURES,
      428: 30 - DELETION_CHALLENGE_AFTER_FAILURES,
    });
    const challenged = flood.find((response) => response.statusCode === 428)!;
    expect(challenged.json()).toMatchObject({
      success: false,
      message: PROOF_OF_WORK_MESSAGES.required,
      challenge: { parameters: { data: { purpose: 'account-deletion' } } },
    });

    // The right password on one's own mobile is not blocked by failures on other mobiles.
    for (const member of [asha, ravi]) {
      const response = await sendSolving(member);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(ACCOUNT_DELETION_MESSAGES.deleted);
      expect(await members().findCredentials(member.mobile)).toBeUndefined();
    }
    // The flood, solving nothing, is still stopped; a wrong password with a solution is still wrong.
    expect((await send(wrongGuess())).statusCode).toBe(428);
    expect((await sendSolving(wrongGuess())).statusCode).toBe(401);
  });

  it('still locks a mobile after 5 failures on it, even for a right password from a busy address', async () => {
    await createMember(t.database);
    for (let i = 0; i < DELETION_FAILURES_PER_MOBILE; i++) {
      expect((await sendSolving({ mobile: TEST_MEMBER.mobile, password: `wrong ${i}` })).statusCode).toBe(
        401,
      );
    }
    const locked = await sendSolving(TEST_MEMBER);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    expect(await members().findCredentials(TEST_MEMBER.mobile)).toBeDefined();
  });

  it('stops an address past 100 failures an hour, solved challenges or not, and says how long to wait', async () => {
    await createMember(t.database);
    for (let i = 0; i < DELETION_CHALLENGE_AFTER_FAILURES; i++) {
      expect((await send(wrongGuess())).statusCode).toBe(401);
    }
    // The rest of the hour's failures at once, each with a solution of its own.
    const remaining = DELETION_FAILURES_PER_ADDRESS_PER_HOUR - DELETION_CHALLENGE_AFTER_FAILURES;
    const challenges = await Promise.all(Array.from({ length: remaining + 10 }, () => send(wrongGuess())));
    const proofs = await Promise.all(challenges.map(solveChallengeOf));
    const solved = await Promise.all(proofs.map((proof) => send(wrongGuess(), proof)));
    expect(statusCounts(solved)).toEqual({ 401: remaining, 429: 10 });

    const stopped = await sendSolving(TEST_MEMBER);
    expect(stopped.statusCode).toBe(429);
    const wait = Number(stopped.headers['retry-after']);
    expect(wait).toBeGreaterThan(59 * 60);
    expect(stopped.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`,
    });
    // From another address the member goes on.
    expect((await t.app.inject(deletion(TEST_MEMBER, undefined, '198.51.100.8'))).statusCode).toBe(200);
    // 100 password checks (argon2id, 19 MiB each) and as many solved challenges: slow on a busy machine.
  }, 90_000);

  it('refuses a solution made for the contact form, and one used before', async () => {
    for (let i = 0; i < DELETION_CHALLENGE_AFTER_FAILURES; i++) await send(wrongGuess());
    const inquiryChallenge = await t.app.inject({
      method: 'POST',
      url: '/api/contact-inquiries',
      headers: { origin: TEST_ORIGIN },
      payload: TEST_INQUIRY,
      remoteAddress: SHARED_ADDRESS,
    });
    const forTheForm = await send(wrongGuess(), await solveChallengeOf(inquiryChallenge));
    expect(forTheForm.statusCode).toBe(428);
    expect(forTheForm.json().message).toBe(PROOF_OF_WORK_MESSAGES.refused);

    const proof = await solveChallengeOf(await send(wrongGuess()));
    expect((await send(wrongGuess(), proof)).statusCode).toBe(401);
    const replayed = await send(wrongGuess(), proof);
    expect(replayed.statusCode).toBe(428);
    expect(replayed.json().message).toBe(PROOF_OF_WORK_MESSAGES.refused);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('account deletion proof of work shared through Redis', () => {
  it('makes an address busy and accepts each solution once across two app instances', async () => {
    await withTwoAppsSharingRedis(async (first, second) => {
      const address = `fd00::2:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
      const guess = () => deletion({ mobile: someoneElsesMobile(), password: 'guess' }, undefined, address);
      for (let i = 0; i < DELETION_CHALLENGE_AFTER_FAILURES; i++) {
        expect((await (i % 2 ? first : second).app.inject(guess())).statusCode).toBe(401);
      }
      const proof = await solveChallengeOf(await second.app.inject(guess()));
      const withProof = () => deletion({ mobile: someoneElsesMobile(), password: 'guess' }, proof, address);
      const answers = await Promise.all([first.app.inject(withProof()), second.app.inject(withProof())]);
      expect(statusCounts(answers)).toEqual({ 401: 1, 428: 1 });
    });
  });
});
