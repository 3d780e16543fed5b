import { describe, expect, it } from 'vitest';
import { pageFromParam } from './blog-paging.ts';

describe('pageFromParam', () => {
  it('reads a whole page number', () => {
    expect(pageFromParam('3')).toBe(3);
  });

  it('falls back to the first page for anything else', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'two', '9999999']) expect(pageFromParam(value)).toBe(1);
  });
});
