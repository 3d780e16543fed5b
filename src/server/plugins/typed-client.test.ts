import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../test-support/api-tokens.ts';
import {
  createAdmin,
  createTestApp,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
  type TestApp,
} from '../test-support/test-app.ts';
import { API_DOCUMENT_PATH } from './api-description.ts';

// A client generated from the document the running app serves (openapi-typescript), typed by it
// (openapi-fetch), type-checked, then used with an API token against the real server. Generated under .tmp
// so that the client's imports resolve from the project's node_modules.
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

export async function inquiryNames(baseUrl: string, token: string): Promise<string[]> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const { data, error, response } = await client.GET('/api/contact-inquiries', {
    params: { query: { status: 'new', pageSize: 50 } },
  });
  if (error !== undefined) throw new Error(\`\${response.status}: \${error.message}\`);
  return data.inquiries.map((inquiry) => inquiry.name);
}

export function misuses(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: no such path in the document
  void client.GET('/api/contact-inquiry');
  // @ts-expect-error: not a status an inquiry can have
  void client.GET('/api/contact-inquiries', { params: { query: { status: 'lost' } } });
}
`;

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe.each(TEST_DIALECTS)('a typed client generated from the document (%s)', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    fs.mkdirSync('.tmp', { recursive: true });
    dir = fs.mkdtempSync(path.resolve('.tmp/typed-client-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists inquiries with an API token', async () => {
    const document = await (await fetch(`${baseUrl}${API_DOCUMENT_PATH}`)).json();
    expect(document.servers).toEqual([{ url: baseUrl }]);
    fs.writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(document)));
    const clientFile = path.join(dir, 'client.ts');
    fs.writeFileSync(clientFile, CLIENT);
    expect(typeErrors(clientFile)).toEqual([]);

    await t.database.db
      .insertInto('contactInquiries')
      .values(storedInquiry(new Date().toISOString(), { name: 'Typed Client' }))
      .execute();
    await createAdmin(t.database, { email: 'agent@example.com', password: 'typed client pw', role: 'agent' });
    const cookie = await signIn(t.app, { email: 'agent@example.com', password: 'typed client pw' });
    const { token } = await createApiToken(t.app, cookie, {
      name: 'Typed client',
      role: 'agent',
      expiresInDays: 7,
    });

    const client = (await import(/* @vite-ignore */ clientFile)) as {
      inquiryNames(baseUrl: string, token: string): Promise<string[]>;
    };
    expect(await client.inquiryNames(document.servers[0].url, token)).toEqual(['Typed Client']);
    await expect(client.inquiryNames(baseUrl, `${token}x`)).rejects.toThrow(/^401: /);
    // Type-checking the client takes TypeScript several seconds on a busy machine.
  }, 90_000);
});
