/**
 * The Redis at TEST_REDIS_URL, in a logical database of this test worker's own (VITEST_POOL_ID, 1 to the
 * number of workers): files running at the same time never share a counter, such as the sign-in failures of
 * one account from 127.0.0.1, as files one after the other in a worker always did. (Pub/sub channels are
 * the server's, whichever database.) For suites run only when TEST_REDIS_URL is set.
 */
export function testRedisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL!);
  url.pathname = `/${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.href;
}
