import { describe, expect, it } from 'vitest';
import { ContactInquiryCreateSchema } from '../src/shared/contracts/contact-inquiry-form.ts';
import {
  clientAddress,
  inquiryBodies,
  inquiryPostBody,
  roundOrder,
  summariseWrites,
  type WriteRound,
  type WriteWindow,
} from './inquiries-write.ts';
import { parseCpuStallMicroseconds } from './lib.ts';

const window = (acknowledged: number, seconds = 4, failures: Record<string, number> = {}): WriteWindow => ({
  acknowledged,
  seconds,
  failures,
});
const round = (before: number, fullEach: number, after: number): WriteRound => ({
  before: window(before),
  fullEach: window(fullEach),
  after: window(after),
});

describe('inquiry write bench', () => {
  const pool = inquiryBodies(50);

  it('posts bodies the contact form accepts, each one different, with no honeypot', () => {
    const bodies = Array.from({ length: 200 }, (_, sequence) => inquiryPostBody(pool, sequence));
    expect(new Set(bodies).size).toBe(bodies.length);
    for (const body of bodies) {
      const parsed = ContactInquiryCreateSchema.safeParse(JSON.parse(body));
      expect(parsed.success).toBe(true);
      expect(parsed.data?.website).toBeUndefined();
    }
  });

  it('spreads requests over a pool of valid private client addresses', () => {
    const addresses = Array.from({ length: 3_000 }, (_, sequence) => clientAddress(sequence, 1_000));
    expect(new Set(addresses).size).toBe(1_000);
    for (const address of addresses) {
      expect(address).toMatch(/^10\.\d+\.\d+\.\d+$/);
      expect(address.split('.').every((part) => Number(part) <= 255)).toBe(true);
    }
    expect(clientAddress(0, 1_000)).toBe('10.0.0.1');
    expect(clientAddress(999, 1_000)).toBe('10.0.3.232');
  });

  it('rotates the order of the setups from round to round', () => {
    expect([0, 1, 2, 3].map((n) => roundOrder(['a', 'b', 'c'], n).join(''))).toEqual([
      'abc',
      'bca',
      'cab',
      'abc',
    ]);
  });

  it('sums every round into rates and ratios, and passes a default above the budget', () => {
    const summary = summariseWrites([round(4_000, 800, 6_000), round(8_000, 1_200, 6_000)], 1_000);
    expect(summary.perSecond).toEqual({ before: 1_500, fullEach: 250, after: 1_500 });
    expect(summary.ratio).toBe(1);
    expect(summary.roundRatios).toEqual([1.5, 0.75]);
    expect(summary.fullEachRatio).toBeCloseTo(1 / 6);
    expect(summary.failures).toEqual([]);
  });

  it('fails a default below the budget, and any answer other than 201 in any setup', () => {
    const slow = summariseWrites([round(8_000, 800, 3_996)], 1_000);
    expect(slow.failures).toEqual(['after: 999 inquiries/s, below the budget of 1,000/s']);

    const refused: WriteRound = { ...round(8_000, 8_000, 8_000), before: window(8_000, 4, { 429: 3 }) };
    const refusals = summariseWrites([
      refused,
      { ...round(8_000, 8_000, 8_000), before: window(1, 4, { 429: 2, timeouts: 1 }) },
    ]);
    expect(refusals.failures).toEqual([
      'before: NORMAL, a commit each: answers other than 201: 429 x5, timeouts x1',
    ]);
  });

  it('reads the CPU stall total from /proc/pressure/cpu', () => {
    const pressure =
      'some avg10=91.04 avg60=90.74 avg300=84.94 total=915680194\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n';
    expect(parseCpuStallMicroseconds(pressure)).toBe(915_680_194);
    expect(parseCpuStallMicroseconds('')).toBeUndefined();
  });
});
