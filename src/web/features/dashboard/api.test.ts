import { describe, expect, it } from 'vitest';
import { viewerUtcOffsetMinutes } from './api.ts';

describe('the dashboard’s days', () => {
  it('knows the viewer’s offset from UTC', () => {
    expect(viewerUtcOffsetMinutes(new Date())).toBe(-new Date().getTimezoneOffset() || 0);
    expect(Object.is(viewerUtcOffsetMinutes({ getTimezoneOffset: () => 0 } as Date), 0)).toBe(true);
  });
});
