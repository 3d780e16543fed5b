import { describe, expect, it } from 'vitest';
import { weightedOrder } from './duty-rotation.ts';

describe('weightedOrder', () => {
  it('gives each member their weight of every round, spread out', () => {
    const order = weightedOrder([
      { name: 'a', weight: 3 },
      { name: 'b', weight: 1 },
      { name: 'c', weight: 2 },
    ]).map((member) => member.name);
    expect(order).toHaveLength(6);
    expect(order.filter((name) => name === 'a')).toHaveLength(3);
    expect(order.filter((name) => name === 'c')).toHaveLength(2);
    // Never the same member three times in a row.
    expect(order.join('')).not.toMatch(/(.)\1\1/);
  });

  it('is empty without members, and one member is every turn', () => {
    expect(weightedOrder([])).toEqual([]);
    expect(weightedOrder([{ weight: 2 }])).toHaveLength(2);
  });
});
