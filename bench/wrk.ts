import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * wrk (C, epoll) drives the servers: a load generator written in Node, on the same two cores, could not
 * drive a bare node:http server to its limit, so the baseline came out low and every ratio too kind.
 */

export interface WrkResult {
  requestsPerSecond: number;
  /** Answers counted by wrk within the run. */
  requests: number;
  seconds: number;
  p99Ms: number;
  /** Socket errors (connect, read, write, timeouts) and answers outside 2xx and 3xx. */
  errors: number;
  /** CPU time wrk itself used over the run's wall time: 1 is one core kept busy. */
  clientCores: number;
  /** CPU time the measured server used over the run's wall time, when its pid was given. */
  serverCores?: number;
  /**
   * The measured server's CPU time (all its threads, user and system) per answer wrk counted, in µs: what a
   * request costs, whatever else the shared machine was doing.
   */
  serverMicrosPerRequest?: number;
}

/** What the `done` callback of WRK_DONE_LUA prints, on one line after this marker. */
const RESULT_MARKER = 'WRK_JSON ';

/** A `done` callback for every run's script: wrk's own figures as one JSON line, no text to scrape. */
const WRK_DONE_LUA = `
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format('${RESULT_MARKER}{"requests":%d,"durationUs":%d,"p99Us":%d,"socketErrors":%d,"statusErrors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99),
    errors.connect + errors.read + errors.write + errors.timeout, errors.status))
end
`;

/** The children's user and system seconds from bash's `times` (its second line: "0m1.250s 0m0.310s"). */
export function parseChildCpuSeconds(timesOutput: string): number {
  const lines = timesOutput.trim().split('\n');
  const children = lines.at(-1) ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2)
    throw new Error(`Unexpected output of bash's times: ${JSON.stringify(timesOutput)}`);
  return parts.reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

/** The figures of a run from wrk's output (the JSON line of WRK_DONE_LUA) and the CPU times measured. */
export function parseWrkResult(
  output: string,
  clientCpuSeconds: number,
  serverCpuSeconds?: number,
): WrkResult {
  const line = output.split('\n').find((entry) => entry.startsWith(RESULT_MARKER));
  if (!line) throw new Error(`wrk printed no result line:\n${output}`);
  const figures = JSON.parse(line.slice(RESULT_MARKER.length)) as {
    requests: number;
    durationUs: number;
    p99Us: number;
    socketErrors: number;
    statusErrors: number;
  };
  const seconds = figures.durationUs / 1e6;
  return {
    requestsPerSecond: figures.requests / seconds,
    requests: figures.requests,
    seconds,
    p99Ms: figures.p99Us / 1000,
    errors: figures.socketErrors + figures.statusErrors,
    clientCores: clientCpuSeconds / seconds,
    ...(serverCpuSeconds === undefined
      ? {}
      : {
          serverCores: serverCpuSeconds / seconds,
          serverMicrosPerRequest: (serverCpuSeconds * 1e6) / figures.requests,
        }),
  };
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User plus system CPU seconds a process has used so far (Linux /proc), undefined when it cannot be read. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: it is there.
    return (error as { status?: number | null }).status === 1;
  }
}

/** Installs Debian's wrk when it is missing (the bench runs as root on the project's machines). */
export function ensureWrk(): void {
  if (hasWrk()) return;
  if (process.getuid?.() !== 0) {
    throw new Error('The HTTP bench needs wrk: install it (Debian: apt-get install wrk) and run it again.');
  }
  console.log("wrk is missing: installing Debian's wrk ...");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!hasWrk()) throw new Error('apt-get installed wrk, but it does not run.');
}

export interface WrkOptions {
  durationSeconds: number;
  connections?: number;
  /** Lua script (without the done callback, which is added) for requests other than a plain GET. */
  script?: string;
  /** Passed to the script's init(args). */
  scriptArgs?: string[];
  headers?: Record<string, string>;
  /** The measured server's pid, to report its CPU use too. */
  serverPid?: number;
  /** Where the run's script file is written. */
  workDir: string;
}

/**
 * One wrk run of `durationSeconds` with one thread (a core is left to the server on a 2-core machine).
 * wrk runs under bash, whose `times` gives the CPU time wrk used: the report shows the client had room.
 */
export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const scriptFile = path.join(options.workDir, `wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(scriptFile, `${options.script ?? ''}\n${WRK_DONE_LUA}`);
  const wrkArgs = [
    '-t1',
    `-c${options.connections ?? 50}`,
    `-d${options.durationSeconds}s`,
    '-s',
    scriptFile,
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
    ...(options.scriptArgs?.length ? ['--', ...options.scriptArgs] : []),
  ];
  const quoted = wrkArgs.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
  const serverBefore = options.serverPid === undefined ? undefined : processCpuSeconds(options.serverPid);
  const child = spawn('bash', ['-c', `wrk ${quoted} && echo TIMES && times`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const serverAfter = options.serverPid === undefined ? undefined : processCpuSeconds(options.serverPid);
  fs.rmSync(scriptFile, { force: true });
  if (code !== 0) throw new Error(`wrk failed (exit ${code}):\n${output}`);
  const [wrkOutput = '', timesOutput = ''] = output.split('TIMES\n');
  const serverCpu =
    serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore;
  return parseWrkResult(wrkOutput, parseChildCpuSeconds(timesOutput), serverCpu);
}
