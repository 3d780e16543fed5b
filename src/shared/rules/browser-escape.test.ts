import { describe, expect, it } from 'vitest';
import { browserEscapeLink } from './browser-escape.ts';

describe('browserEscapeLink', () => {
  it('opens the page through an intent on Android, keeping its path, query and scheme', () => {
    expect(
      browserEscapeLink({ platform: 'android' }, 'https://support.example.in/hi/contact?tab=services'),
    ).toBe('intent://support.example.in/hi/contact?tab=services#Intent;scheme=https;end');
    expect(browserEscapeLink({ platform: 'android' }, 'http://localhost:3000/contact')).toBe(
      'intent://localhost:3000/contact#Intent;scheme=http;end',
    );
  });

  it("opens the page through Safari's scheme on an iPhone", () => {
    expect(browserEscapeLink({ platform: 'apple' }, 'https://support.example.in/contact')).toBe(
      'x-safari-https://support.example.in/contact',
    );
  });

  it('gives no link where none is known, or for an address that is not a web page', () => {
    expect(browserEscapeLink({ platform: 'other' }, 'https://support.example.in/contact')).toBeNull();
    expect(browserEscapeLink({ platform: 'android' }, 'javascript:alert(1)')).toBeNull();
  });
});
