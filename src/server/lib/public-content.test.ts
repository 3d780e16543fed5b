import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test-support/test-app.ts';
import { createPublicContent, PUBLIC_CONTENT_MAX_AGE_MS } from './public-content.ts';

function counter() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

describe('public content signal', () => {
  it('keeps a value until this instance changes the content', async () => {
    const content = createPublicContent(createTestClock());
    const source = counter();
    const value = content.cached(source.load);
    expect(await value()).toBe(1);
    expect(await value()).toBe(1);
    content.changed();
    expect(await value()).toBe(2);
  });

  it('rebuilds a value at most a second old, for changes made by other instances', async () => {
    const clock = createTestClock();
    const content = createPublicContent(clock);
    const source = counter();
    const value = content.cached(source.load);
    await value();
    clock.advance(PUBLIC_CONTENT_MAX_AGE_MS - 1);
    expect(await value()).toBe(1);
    clock.advance(1);
    expect(await value()).toBe(2);
  });

  it('gives the value at once only while it is loaded and fresh', async () => {
    const clock = createTestClock();
    const content = createPublicContent(clock);
    const value = content.cached(counter().load);
    expect(value.current()).toBeUndefined();
    const loading = value();
    expect(value.current()).toBeUndefined();
    await loading;
    expect(value.current()).toBe(1);
    clock.advance(PUBLIC_CONTENT_MAX_AGE_MS);
    expect(value.current()).toBeUndefined();
    expect(await value()).toBe(2);
    expect(value.current()).toBe(2);
    content.changed();
    expect(value.current()).toBeUndefined();
  });

  it('shares one load between concurrent callers', async () => {
    const content = createPublicContent(createTestClock());
    const source = counter();
    const value = content.cached(source.load);
    expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1]);
    expect(source.loads).toBe(1);
  });

  it('does not keep a value loaded while the content changed', async () => {
    const content = createPublicContent(createTestClock());
    let release: (value: string) => void = () => undefined;
    const slow = content.cached(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    const pending = slow();
    content.changed();
    release('old');
    expect(await pending).toBe('old');
    const next = slow();
    release('new');
    expect(await next).toBe('new');
  });

  it('retries a failed load on the next call', async () => {
    const content = createPublicContent(createTestClock());
    let fail = true;
    const value = content.cached(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(value()).rejects.toThrow('database away');
    fail = false;
    expect(await value()).toBe('ok');
  });

  it('keeps only the values it may, and at most maxEntries keys', async () => {
    const content = createPublicContent(createTestClock());
    const page = content.cachedByKey<{ status: number; n: number }>({
      maxEntries: 2,
      keep: (value) => value.status === 200,
    });
    let n = 0;
    const render = (status: number) => async () => ({ status, n: ++n });
    expect((await page('/a', render(200))).n).toBe(1);
    expect((await page('/a', render(200))).n).toBe(1);
    expect((await page('/missing', render(404))).n).toBe(2);
    expect((await page('/missing', render(404))).n).toBe(3);
    await page('/b', render(200));
    await page('/c', render(200));
    // The 404 was never kept; /a, the oldest of three kept pages, made room for /c.
    expect((await page('/c', render(200))).n).toBe(5);
    expect((await page('/a', render(200))).n).toBe(6);
  });

  it('keeps at most maxBytes of values, the oldest going first', async () => {
    const content = createPublicContent(createTestClock());
    const page = content.cachedByKey<{ bytes: number; n: number }>({
      maxEntries: 100,
      maxBytes: 100,
      sizeOf: (value) => value.bytes,
    });
    let n = 0;
    const render = (bytes: number) => async () => ({ bytes, n: ++n });
    await page('/a', render(40));
    await page('/b', render(40));
    expect((await page('/a', render(40))).n).toBe(1);
    // 120 bytes would be kept: /a, the oldest, makes room.
    await page('/c', render(40));
    expect((await page('/b', render(40))).n).toBe(2);
    expect((await page('/c', render(40))).n).toBe(3);
    expect((await page('/a', render(40))).n).toBe(4);
  });

  it('gives a load the value its key held until it went stale', async () => {
    const clock = createTestClock();
    const content = createPublicContent(clock);
    const stales: (string | undefined)[] = [];
    const value = content.cached<string>(async (stale) => {
      stales.push(stale);
      return `value ${stales.length}`;
    });
    await value();
    content.changed();
    await value();
    clock.advance(PUBLIC_CONTENT_MAX_AGE_MS);
    await value();
    expect(stales).toEqual([undefined, 'value 1', 'value 2']);
  });
});
