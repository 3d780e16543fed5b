import { describe, expect, it } from 'vitest';
import { formatBytes } from './backups.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [812, '812 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.00 KB'],
    [196_608, '192 KB'],
    [45_298_483, '43.2 MB'],
    [1_149_239_296, '1.07 GB'],
    [5 * 1024 ** 5, '5120 TB'],
  ])('%i bytes read as %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});
