import { describe, expect, it } from 'vitest';
import {
  attemptsText,
  endpointState,
  eventDescriptions,
  formatDuration,
  responseStatusText,
} from './webhook-display.ts';

describe("a webhook endpoint's state", () => {
  it('is On while enabled without failures', () => {
    expect(endpointState({ enabled: true, disabledReason: null, failingSince: null })).toEqual({
      label: 'On',
      tone: 'good',
      reason: null,
      failingSince: null,
    });
  });

  it('is Failing, with the moment, while enabled and failing', () => {
    const since = '2026-11-25T10:00:00.000Z';
    expect(endpointState({ enabled: true, disabledReason: null, failingSince: since })).toMatchObject({
      label: 'Failing',
      failingSince: since,
    });
  });

  it('is Off when turned off by hand, even with failures on record', () => {
    expect(
      endpointState({ enabled: false, disabledReason: null, failingSince: '2026-11-25T10:00:00.000Z' }),
    ).toEqual({ label: 'Off', tone: 'neutral', reason: null, failingSince: null });
  });

  it("is Disabled with the server's reason when the server turned it off", () => {
    const reason = 'Disabled after a day of failed deliveries';
    expect(endpointState({ enabled: false, disabledReason: reason, failingSince: null })).toMatchObject({
      label: 'Disabled',
      tone: 'bad',
      reason,
    });
  });
});

describe('a delivery in the log', () => {
  it.each([
    [null, '—'],
    [0, '0 ms'],
    [85, '85 ms'],
    [999, '999 ms'],
    [1000, '1 s'],
    [1340, '1.3 s'],
    [9960, '10 s'],
    [10_000, '10 s'],
    [12_600, '13 s'],
  ])('takes %s ms, shown as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("shows the receiver's HTTP status, or why there is none", () => {
    expect(responseStatusText({ responseStatus: 500, attempts: 2 })).toBe('HTTP 500');
    expect(responseStatusText({ responseStatus: null, attempts: 3 })).toBe('No answer');
    expect(responseStatusText({ responseStatus: null, attempts: 0 })).toBe('Not sent yet');
  });

  it('counts attempts in words', () => {
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(4)).toBe('4 attempts');
  });
});

it("names an endpoint's events in the product's words", () => {
  expect(eventDescriptions(['inquiry.created', 'member.deleted'])).toEqual([
    { event: 'inquiry.created', label: 'A new inquiry arrives' },
    { event: 'member.deleted', label: 'A member account is deleted' },
  ]);
});
