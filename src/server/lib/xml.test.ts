import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the five special characters and drops what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'</a>\u0000\u0008\ud800ok\u{1f600}`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;ok\u{1f600}',
    );
  });
});
