import { vi } from 'vitest';

/** For tests: every fetch answers `body` as JSON with `status`; the mock records the calls. */
export function stubFetch(body: unknown, status = 200) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
