import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const TEST_BUCKET = 'sampark-backups';
/** s3rver's own account; it checks the key id, not SigV4 signatures, so any secret signs. */
export const TEST_ACCESS_KEY_ID = 'S3RVER';

export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: a private address, allowed with WEBHOOKS_ALLOW_PRIVATE_HTTP. */
  endpoint: string;
  /** The keys of the objects under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  get(key: string): Promise<Buffer>;
  put(key: string, body: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1, its objects in a temporary directory
 * removed by close(), with one bucket, TEST_BUCKET.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_ACCESS_KEY_ID, secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
