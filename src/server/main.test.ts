import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-main-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${dir}/db.sqlite`,
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) resolve(match);
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.on('exit', () => reject(new Error(`server exited before ${pattern}:\n${output}`)));
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, waitFor, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses to start on a wrong setting and names the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT: /);
  });

  it('prints a generated admin password once, logs JSON, and finishes an in-flight request on SIGTERM', async () => {
    const server = startServer({});
    const [, password] = await server.waitFor(/password: (\S+)/);
    expect(password).toHaveLength(16);
    const [, port] = await server.waitFor(/"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/);

    // Send the headers of a request now and its body after SIGTERM: the server must still answer it.
    const body = JSON.stringify({ email: 'admin@sampark.local', password: password });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    await server.waitFor(/"url":"\/api\/admin\/login".*"msg":"incoming request"/);
    server.child.kill('SIGTERM');
    await server.waitFor(/shutting down/);
    socket.write(body);
    await new Promise((resolve) => socket.once('close', resolve));
    expect(response, server.output()).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"success":true');
    expect(await server.exited).toBe(0);
  });
});
