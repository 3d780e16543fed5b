import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress, precompressedBytes } from './compression.ts';

const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>Sampark</p>'.repeat(200)}`;

describe('precompress', () => {
  it('keeps every copy of a large answer, each decoding to the same text', () => {
    const body = precompress(page('Home'));
    expect(body.identity.toString()).toBe(page('Home'));
    expect(brotliDecompressSync(body.br!).toString()).toBe(page('Home'));
    expect(gunzipSync(body.gzip!).toString()).toBe(page('Home'));
    expect(precompressedBytes(body)).toBe(body.identity.length + body.br!.length + body.gzip!.length);
  });

  it('returns the body it replaces when the text is the same, and new bytes when it changed', () => {
    const first = precompress(page('Home'));
    expect(precompress(page('Home'), first)).toBe(first);
    const changed = precompress(page('Contact'), first);
    expect(changed).not.toBe(first);
    expect(changed.identity.toString()).toBe(page('Contact'));
  });

  it('leaves a small answer uncompressed', () => {
    const body = precompress('{"contacts":[]}');
    expect(body.br).toBeUndefined();
    expect(precompressedBytes(body)).toBe(body.identity.length);
  });
});
