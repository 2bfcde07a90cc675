/**
 * A real S3-compatible server for tests: s3rver (pure JavaScript, speaks the S3 REST API and
 * checks signatures) on a free loopback port, keeping its objects in a temporary folder. The
 * tests read the bucket through a client of their own, not through the store under test.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's only accepted key pair. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** FILE_STORE=s3 settings naming this server and bucket (path style, as MinIO). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The object's bytes, or null when the key is absent. */
  object(key: string): Promise<Buffer | null>;
  putObject(key: string, bytes: Uint8Array): Promise<void>;
  /** Stops answering (the port refuses connections); the objects stay in the folder. */
  stop(): Promise<void>;
  /** stop() and remove the folder. */
  remove(): Promise<void>;
}

export async function startTestS3(bucket = 'xinao-test'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'xinao-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.close().then(() => client.destroy()));
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async object(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async putObject(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    stop,
    async remove() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
