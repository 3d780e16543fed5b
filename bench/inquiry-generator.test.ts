import { describe, expect, it } from 'vitest';
import { ContactInquiryCreateSchema } from '../src/shared/contracts/contact-inquiry-form.ts';
import { INQUIRY_SERVICES } from '../src/shared/rules/contact-inquiries.ts';
import {
  CITIES,
  COMMON_WORDS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  type GeneratedInquiry,
  generateInquiries,
  LAST_NAMES,
  PLANTED_TERMS,
  SERVICE_WORDS,
} from './inquiry-generator.ts';

const ROWS = 20_000;
const END_MS = Date.parse('2025-06-01T00:00:00.000Z');
const generate = (seed: number) => [...generateInquiries({ rows: ROWS, seed, endMs: END_MS })];
const rows = generate(7);

const searchable = (row: GeneratedInquiry) => [row.name, row.email, row.city, row.query, row.phone];
const share = (predicate: (row: GeneratedInquiry) => boolean) => rows.filter(predicate).length / rows.length;

describe('inquiry generator', () => {
  it('gives the same rows for the same seed and other rows for another seed', () => {
    expect(generate(7)).toEqual(rows);
    const other = generate(8);
    expect(other.filter((row, i) => row.query === rows[i]!.query).length).toBeLessThan(10);
  });

  it('plants the rare and in-between terms in exactly their share of rows, the common one in about half', () => {
    const counts = Object.fromEntries(
      Object.entries(PLANTED_TERMS).map(([key, { term }]) => [
        key,
        rows.filter((row) => searchable(row).some((field) => field.includes(term))).length,
      ]),
    );
    expect(counts.rare).toBe(ROWS * PLANTED_TERMS.rare.share);
    expect(counts.inBetween).toBe(ROWS * PLANTED_TERMS.inBetween.share);
    expect(counts.common! / ROWS).toBeGreaterThan(0.48);
    expect(counts.common! / ROWS).toBeLessThan(0.52);
  });

  it('never writes a planted term by accident: no word, name, city or domain contains one', () => {
    const lists = [
      FIRST_NAMES,
      LAST_NAMES,
      CITIES,
      EMAIL_DOMAINS,
      COMMON_WORDS,
      ...Object.values(SERVICE_WORDS),
    ];
    const parts = lists.flat().map((part) => part.toLowerCase());
    for (const { term } of Object.values(PLANTED_TERMS)) {
      expect(parts.filter((part) => part.includes(term))).toEqual([]);
    }
    // Planted words are lowercase wherever they are: PostgreSQL's plain LIKE finds the same rows.
    for (const { term } of Object.values(PLANTED_TERMS)) {
      const anyCase = rows.filter((row) => row.query.toLowerCase().includes(term)).length;
      expect(rows.filter((row) => row.query.includes(term)).length).toBe(anyCase);
    }
  });

  it('writes inquiries the contact form would accept, strictly in time order over about three years', () => {
    for (const row of rows.slice(0, 2_000)) {
      expect(ContactInquiryCreateSchema.safeParse(row).success).toBe(true);
      const words = row.query.split(' ').length;
      expect(words).toBeGreaterThanOrEqual(10);
      expect(words).toBeLessThanOrEqual(35);
    }
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect(times.every((time, i) => i === 0 || time > times[i - 1]!)).toBe(true);
    expect(times.at(-1)!).toBeLessThan(END_MS);
    expect((END_MS - times[0]!) / (365.25 * 24 * 3600 * 1000)).toBeCloseTo(3, 1);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ROWS);
    expect(rows.every((row) => row.updatedAt >= row.createdAt)).toBe(true);
  });

  it('spreads statuses roughly 5/10/70/15 and leaves most new inquiries unread', () => {
    expect(share((row) => row.status === 'new')).toBeCloseTo(0.05, 1);
    expect(share((row) => row.status === 'in-progress')).toBeCloseTo(0.1, 1);
    expect(share((row) => row.status === 'resolved')).toBeCloseTo(0.7, 1);
    expect(share((row) => row.status === 'closed')).toBeCloseTo(0.15, 1);
    const fresh = rows.filter((row) => row.status === 'new');
    expect(fresh.filter((row) => row.isRead === 0).length / fresh.length).toBeGreaterThan(0.7);
    expect(share((row) => row.status !== 'new' && row.isRead === 1)).toBeGreaterThan(0.9);
    expect(new Set(rows.map((row) => row.service))).toEqual(new Set(INQUIRY_SERVICES));
  });
});
