import { describe, expect, it } from 'vitest';
import { brandGamePath } from './site-settings.ts';

describe('brandGamePath', () => {
  it.each([
    ['Sampark', '/SamparkGame'],
    ['Sampark Pro', '/SamparkProGame'],
    ['Sampark-24x7!', '/Sampark24x7Game'],
    ['संपर्क Help', '/HelpGame'],
  ])('gives %s the game path %s', (brand, path) => {
    expect(brandGamePath(brand)).toBe(path);
  });
});
