import { describe, expect, it } from 'vitest';
import {
  allowedHost,
  formatHostPattern,
  LOOPBACK_HOSTS,
  parseHost,
  parseHostPattern,
} from './host-patterns.ts';

/** Each input, read by `read`, gives null. */
function expectNoneRead<T>(read: (input: T) => unknown, inputs: T[]) {
  for (const input of inputs) expect(read(input), String(input)).toBeNull();
}

describe('host patterns', () => {
  it('reads a Host header as name and port, and nothing else', () => {
    expect(parseHost('Shop.Example:8080')).toEqual({ hostname: 'shop.example', port: '8080' });
    expect(parseHost('[::1]')).toEqual({ hostname: '[::1]', port: null });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
    expectNoneRead(parseHost, [
      '',
      ':80',
      'a b',
      'evil"><x',
      'shop.example:',
      'shop.example:99999',
      '::1',
      'x.',
      '-x.example',
      'a/b',
    ]);
  });

  it('reads ALLOWED_HOSTS entries and writes them back the same', () => {
    for (const entry of [
      'shop.example',
      'shop.example:8080',
      '.shop.example',
      '*.shop.example',
      '[2001:db8::1]:80',
    ]) {
      const pattern = parseHostPattern(entry);
      expect(pattern, entry).not.toBeNull();
      expect(formatHostPattern(pattern!)).toBe(entry);
    }
    expectNoneRead(parseHostPattern, [
      '*',
      '.',
      '*.',
      '.[::1]',
      'https://shop.example',
      'shop.example/x',
      '**.shop.example',
    ]);
  });

  it('allows the loopback names on any port and nothing that merely contains them', () => {
    for (const host of ['localhost', 'LOCALHOST:3000', 'app.localhost', '127.0.0.1:1', '[::1]:8080']) {
      expect(allowedHost(LOOPBACK_HOSTS, host), host).toBe(host.toLowerCase());
    }
    expectNoneRead(
      (host: string | undefined) => allowedHost(LOOPBACK_HOSTS, host),
      ['localhost.evil.example', 'evillocalhost', '127.0.0.1.evil.example', '127.0.0.2', undefined],
    );
  });
});
