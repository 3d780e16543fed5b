import { describe, expect, it } from 'vitest';
import { CPU_BARE_RATIO_TARGET, CPU_PEER_TARGET, cpuTargetFailures, inquiryPostScript } from './http.ts';
import { parseChildCpuSeconds, parseWrkResult, processCpuSeconds } from './wrk.ts';

describe('the wrk runner', () => {
  it("reads wrk's CPU time from the children's line of bash's times", () => {
    expect(parseChildCpuSeconds('0m0.004s 0m0.002s\n1m2.500s 0m0.750s\n')).toBeCloseTo(63.25, 6);
    expect(() => parseChildCpuSeconds('nothing')).toThrow(/times/);
  });

  it("reads the run's figures from the line its done callback prints, and the cores used over the run", () => {
    const output = [
      'Running 5s test @ http://127.0.0.1:1234/api/contacts/active',
      'WRK_JSON {"requests":250000,"durationUs":5000000,"p99Us":1900,"socketErrors":2,"statusErrors":3}',
    ].join('\n');
    expect(parseWrkResult(output, 2.5, 5)).toEqual({
      requestsPerSecond: 50_000,
      requests: 250_000,
      seconds: 5,
      p99Ms: 1.9,
      errors: 5,
      clientCores: 0.5,
      serverCores: 1,
      serverMicrosPerRequest: 20,
    });
    expect(() => parseWrkResult('Running 5s test', 1)).toThrow(/no result line/);
  });

  it("reads a process's CPU seconds from /proc, and nothing for a process that is not there", () => {
    expect(processCpuSeconds(process.pid)).toBeGreaterThan(0);
    expect(processCpuSeconds(2 ** 30)).toBeUndefined();
  });

  it('makes every contact-form body of the POST script unique by its number, as valid JSON', () => {
    const script = inquiryPostScript([{ name: 'Asha', query: 'Need help ]= with "quotes"' }]);
    const [, before, after] = /\{\[==\[(.*)\]==\],\[==\[(.*)\]==\]\}/.exec(script) ?? [];
    expect(JSON.parse(`${before}42${after}`)).toEqual({
      name: 'Asha',
      query: 'Need help ]= with "quotes" (ref 42)',
    });
    expect(() => inquiryPostScript([{ query: 'a ]==] b' }])).toThrow(/Lua string/);
  });

  it("fails the channel list's CPU targets only past them: Sampark against its peer, bare against Sampark", () => {
    const cpu = { app: 20, peer: 20, fastify: 15, bare: 14, silent: 18 };
    expect(cpuTargetFailures('list', cpu)).toEqual([]);
    expect(cpuTargetFailures('list', { ...cpu, app: 20 * CPU_PEER_TARGET + 0.1 })).toEqual([
      expect.stringMatching(/^list: Sampark costs 21\.1 µs a request, over 1\.05 × .* peer's 20\.0 µs$/),
    ]);
    expect(cpuTargetFailures('list', { ...cpu, bare: 20 * CPU_BARE_RATIO_TARGET - 0.1 })).toEqual([
      expect.stringMatching(
        /^list: bare node:http's 11\.9 µs a request is 0\.59 of Sampark's 20\.0 µs, below 0\.60$/,
      ),
    ]);
  });
});
