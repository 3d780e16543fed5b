import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './backup-error.ts';

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

/** How the PostgreSQL client tools are run: the URL without its password, which goes in PGPASSWORD. */
export interface PostgresConnection {
  /** For --dbname: a URL without password, so `ps` does not show it. */
  dbname: string;
  env: NodeJS.ProcessEnv;
}

export function postgresConnection(url: string): PostgresConnection {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.href,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.20 (Debian ...)` -> 15), or null if missing. */
async function toolMajorVersion(
  tool: PostgresTool,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number | null> {
  const result = await runTool(tool, ['--version'], { env }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  if (result === null || result.code !== 0) return null;
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

export async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'sampark-backup' });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

function installHint(major: number): string {
  return (
    `apt-get install postgresql-client-${major} on Debian or Ubuntu (from the PostgreSQL apt repository, ` +
    'https://www.postgresql.org/download/linux/, when the release does not carry that version), or the ' +
    'client package of that version on other systems'
  );
}

/**
 * Null when every tool is installed and at least as new as the server (pg_dump refuses an older one's
 * server); otherwise what to install, in words.
 */
export async function missingTools(
  url: string,
  tools: PostgresTool[],
  /** Whose PATH finds the tools. */
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  const [server, ...majors] = await Promise.all([
    serverMajorVersion(url),
    ...tools.map((tool) => toolMajorVersion(tool, env)),
  ]);
  for (const [index, tool] of tools.entries()) {
    const major = majors[index] ?? null;
    if (major === null) {
      return `${tool} is not installed. Install the PostgreSQL ${server} client tools: ${installHint(server)}.`;
    }
    if (major < server) {
      return (
        `${tool} ${major} is older than the PostgreSQL ${server} server. Install the version ${server} client ` +
        `tools (${installHint(server)}) and put them first on PATH.`
      );
    }
  }
  return null;
}

export async function requireTools(url: string, tools: PostgresTool[]): Promise<void> {
  const missing = await missingTools(url, tools);
  if (missing) throw new BackupError(missing);
}

export interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunToolOptions {
  env?: NodeJS.ProcessEnv;
  /** Each line of standard error as it comes (pg_dump --verbose says which table it is dumping). */
  onStderrLine?: (line: string) => void;
  signal?: AbortSignal;
}

/** Runs a client tool to its end; rejects only when it cannot be started (ENOENT when missing). */
export function runTool(
  tool: PostgresTool,
  args: string[],
  options: RunToolOptions = {},
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal, killSignal: 'SIGTERM' as const } : {}),
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onStderrLine?.(line);
    });
    child.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ABORT_ERR') return;
      reject(error);
    });
    child.on('close', (code) => {
      if (pending) options.onStderrLine?.(pending);
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr });
    });
  });
}

/** The tool's own complaint, without its --verbose chatter: what an operator needs to read. */
export function toolComplaint(result: ToolResult): string {
  const lines = result.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line &&
        !/^\w+: (dumping|reading|saving|creating|processing|last built-in|finding|flagging|identifying|executing|started|finished)/.test(
          line,
        ),
    );
  return lines.slice(-3).join(' ') || `exit code ${result.code}`;
}
