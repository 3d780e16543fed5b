import { describe, expect, it } from 'vitest';
import { utcOffsetMinutes } from './business-time-zone.ts';

describe('the business’s days', () => {
  it('knows a zone’s offset from UTC, daylight saving included', () => {
    expect(utcOffsetMinutes('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe(330);
    expect(utcOffsetMinutes('UTC', new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(utcOffsetMinutes('Asia/Kathmandu', new Date('2026-07-15T12:00:00Z'))).toBe(345);
  });

  it('falls back to the viewer’s offset without a zone', () => {
    expect(utcOffsetMinutes(undefined, new Date())).toBe(-new Date().getTimezoneOffset() || 0);
    expect(Object.is(utcOffsetMinutes(undefined, { getTimezoneOffset: () => 0 } as Date), 0)).toBe(true);
  });
});
