import fs from 'node:fs';
import path from 'node:path';
import { API_DOCUMENT_PATH } from '../src/server/plugins/api-description.ts';
import { withTestApp } from '../src/server/test-support/test-app.ts';

// Writes the OpenAPI document the app serves to the file named by the argument: `npm run lint:openapi`
// then checks it with Redocly's recommended rules (redocly.yaml).
const [file] = process.argv.slice(2);
if (!file) throw new Error('Usage: tsx scripts/openapi-document.ts <file>');
// Its servers entry is PUBLIC_ORIGIN, one under a reserved name (RFC 2606), as a deployment sets it.
await withTestApp('sqlite', { PUBLIC_ORIGIN: 'https://sampark.invalid' }, async (t) => {
  const response = await t.app.inject({ url: API_DOCUMENT_PATH });
  if (response.statusCode !== 200) throw new Error(`${API_DOCUMENT_PATH} answered ${response.statusCode}`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, response.body);
});
