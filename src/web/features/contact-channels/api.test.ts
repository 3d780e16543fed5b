import { describe, expect, it } from 'vitest';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { applyContactChannelChange } from './api.ts';

function channel(id: string, overrides: Partial<ContactChannel> = {}): ContactChannel {
  return {
    _id: id,
    type: 'phone',
    value: '+919876543210',
    display: '+91 98765 43210',
    isActive: true,
    proof: '',
    proofHi: '',
    showProof: false,
    position: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ids = (list: ContactChannel[]) => list.map((item) => item._id);

describe('applyContactChannelChange', () => {
  const list = [channel('a'), channel('b'), channel('c')];

  it('moves a channel to the given index', () => {
    expect(ids(applyContactChannelChange(list, { id: 'c', changes: { position: 0 } }))).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(ids(applyContactChannelChange(list, { id: 'a', changes: { position: 1 } }))).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(ids(applyContactChannelChange(list, { id: 'a', changes: { position: 99 } }))).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('toggles in place', () => {
    const next = applyContactChannelChange(list, { id: 'b', changes: { isActive: false } });
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next[1]?.isActive).toBe(false);
    expect(list[1]?.isActive).toBe(true);
  });

  it('leaves the list alone for an unknown id', () => {
    expect(applyContactChannelChange(list, { id: 'x', changes: { isActive: false } })).toBe(list);
  });
});
