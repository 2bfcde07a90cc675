/**
 * S3FileStore against a real S3-compatible server (s3rver): names become keys under the prefix,
 * a missing key reads as null and deletes without error, and what is not "not found" — a
 * missing bucket, refused credentials, a server gone — is an error, the last one retryable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { S3FileStore } from '../../src/server/files/s3-store.ts';
import type { S3Settings } from '../../src/server/files/settings.ts';
import { startTestS3 } from '../support/s3-server.ts';
import type { TestS3 } from '../support/s3-server.ts';

let s3: TestS3;
let settings: S3Settings;
const stores: S3FileStore[] = [];
const storeWith = (changes: Partial<S3Settings> = {}) => {
  const store = new S3FileStore({ ...settings, ...changes });
  stores.push(store);
  return store;
};

beforeAll(async () => {
  s3 = await startTestS3();
  settings = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    keyPrefix: 'xinao/files/',
  };
});
afterAll(async () => {
  for (const store of stores) store.close();
  await s3?.remove();
});

const NAME = `${'a'.repeat(32)}.png`;
const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 0, 255]);

describe('S3FileStore', () => {
  it('puts the bytes under prefix + name, reads them back and deletes them', async () => {
    const store = storeWith();
    await store.put(NAME, BYTES);
    expect(await s3.keys()).toContain(`xinao/files/${NAME}`);
    expect(await s3.object(`xinao/files/${NAME}`)).toEqual(BYTES);
    expect(await store.get(NAME)).toEqual(BYTES);
    await store.delete(NAME);
    expect(await s3.keys()).not.toContain(`xinao/files/${NAME}`);
  });

  it('answers null for a key never stored, and deleting it is no error', async () => {
    const store = storeWith();
    const missing = `${'b'.repeat(32)}.pdf`;
    expect(await store.get(missing)).toBeNull();
    await expect(store.delete(missing)).resolves.toBeUndefined();
  });

  it('reads only under its own prefix', async () => {
    await s3.putObject(`other/${NAME}`, BYTES);
    expect(await storeWith().get(NAME)).toBeNull();
    expect(await storeWith({ keyPrefix: 'other/' }).get(NAME)).toEqual(BYTES);
  });

  it('refuses a name that is not a stored name before asking the server', async () => {
    const store = storeWith();
    await expect(store.put('../escape.png', BYTES)).rejects.toThrow('bad stored file name');
    await expect(store.get('a/b.png')).rejects.toThrow('bad stored file name');
    await expect(store.delete('.hidden.png')).rejects.toThrow('bad stored file name');
  });

  it('throws, rather than answering "not there", for a missing bucket or refused keys', async () => {
    const noBucket = storeWith({ bucket: 'no-such-bucket' });
    await expect(noBucket.get(NAME)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.put(NAME, BYTES)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const wrongKeys = storeWith({ credentials: { accessKeyId: 'X', secretAccessKey: 'Y' } });
    const refused = await wrongKeys.get(NAME).catch((err: unknown) => err);
    expect(refused).not.toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('answers a retryable SERVICE_UNAVAILABLE when the server is gone', async () => {
    const store = storeWith();
    await store.put(NAME, BYTES);
    await s3.stop();
    for (const call of [
      () => store.get(NAME),
      () => store.put(NAME, BYTES),
      () => store.delete(NAME),
    ]) {
      const error = await call().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE, statusCode: 503 });
      expect((error as AppError).cause).toMatchObject({ code: 'ECONNREFUSED' });
    }
  });
});
