/**
 * The file service with FILE_STORE=s3 against a real S3-compatible server (s3rver, started
 * here): the seed's files and every upload land in the bucket, not on the disk; the API serves
 * the bucket's bytes by stable and signed URLs alike; a delete removes the object; and with the
 * server gone an upload answers a retryable 503 and leaves no row.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { file } from '../../src/contract/file/calls.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/server/db/unavailable.ts';
import { bannerFileName, HOME_BANNERS } from '../../src/server/seed/banners.ts';
import { SEED_HANDOUT_FILE_NAME } from '../../src/server/seed/files.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { PDF, PNG, upload } from '../support/uploads.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { startTestS3 } from '../support/s3-server.ts';
import type { TestS3 } from '../support/s3-server.ts';

const PREFIX = 'xinao/';
let s3: TestS3;
let platform: TestPlatform;
let admin: Transport;
let student: Transport;

/** Signed in without the transport's 503 retries, so a refusal is seen at once. */
async function signedIn(role: 'admin' | 'student'): Promise<Transport> {
  const api = sdk(platform.apiUrl, undefined, { retryDelaysMs: [] });
  const { username, password } = platform.accounts[role];
  await api.call(accountsApi.loginByPwd, { body: { username, password } });
  return api;
}

beforeAll(async () => {
  s3 = await startTestS3();
  platform = await startTestPlatform({
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      ...s3.env,
      S3_KEY_PREFIX: PREFIX,
    },
  });
  admin = await signedIn('admin');
  student = await signedIn('student');
});
afterAll(async () => {
  await platform?.stop();
  await s3?.remove();
});

const get = (url: string) => fetch(new URL(url, platform.url));
const onDisk = (fileName: string) =>
  fs.stat(path.join(platform.dataDir, 'files', fileName)).then(
    () => true,
    () => false,
  );
const rowCount = async () =>
  (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM files')).rows[0]!.n;

describe('FILE_STORE=s3', () => {
  it('stores the seeded handout and banners in the bucket at start', async () => {
    const keys = await s3.keys();
    expect(keys).toContain(PREFIX + SEED_HANDOUT_FILE_NAME);
    for (const banner of HOME_BANNERS)
      expect(keys).toContain(PREFIX + bannerFileName(banner.seedKey));
    const handout = await admin.call(file['common.file.queryUrl'], {
      query: { fileName: SEED_HANDOUT_FILE_NAME },
    });
    const answer = await get(handout.url);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(
      await s3.object(PREFIX + SEED_HANDOUT_FILE_NAME),
    );
  });

  it('puts a public upload in the bucket, not on disk, and serves it by its stable URL', async () => {
    const stored = await upload(admin, 'banner', '横幅.png', PNG);
    expect(stored.url).toBe(`/xinao/api/common/file/${stored.fileName}`);
    expect(await s3.object(PREFIX + stored.fileName)).toEqual(PNG);
    expect(await onDisk(stored.fileName)).toBe(false);
    const answer = await get(stored.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);

    // What the API answers is what the bucket holds now: no copy kept elsewhere.
    const replaced = Buffer.concat([PNG, Buffer.from('changed in the bucket')]);
    await s3.putObject(PREFIX + stored.fileName, replaced);
    expect(Buffer.from(await (await get(stored.url)).arrayBuffer())).toEqual(replaced);
  });

  it('serves a private document through its signed URL only; deleting removes the object', async () => {
    const stored = await upload(student, 'document', '作业.pdf', PDF);
    const key = PREFIX + stored.fileName;
    expect(await s3.object(key)).toEqual(PDF);
    const url = new URL(stored.url, platform.url);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    const signed = await get(stored.url);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(PDF);

    const altered = new URL(url);
    const signature = url.searchParams.get('signature')!;
    altered.searchParams.set(
      'signature',
      `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`,
    );
    const refused = await get(altered.toString());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('签名不符');
    expect((await get(url.pathname)).status).toBe(403);

    const deleted = await student.call(file['DELETE common.file.{fileName}'], {
      params: { fileName: stored.fileName },
    });
    expect(deleted).toEqual({ fileName: stored.fileName, deleted: true });
    expect(await s3.keys()).not.toContain(key);
    expect((await get(stored.url)).status).toBe(404);
  });

  // From here on the S3 server is stopped.
  it('answers a retryable 503 when the store is unreachable, leaving no row behind', async () => {
    const kept = await upload(admin, 'banner', 'kept.png', PNG);
    await s3.stop();
    const rows = await rowCount();
    const error = await failureOf(upload(student, 'document', '断网.pdf', PDF));
    expect(error.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(error.message).toContain('文件存储暂不可用');
    expect(await rowCount()).toBe(rows);

    const read = await get(kept.url);
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(((await read.json()) as { code: number }).code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
  });

  it('stops a start whose bucket cannot be reached, naming the store and the reason', async () => {
    const failed = await startTestPlatform({
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...s3.env },
    }).then(
      (started) => started.stop().then(() => null),
      (err: unknown) => err as Error,
    );
    expect(failed?.message).toContain(`the S3 store (bucket ${s3.bucket} at ${s3.endpoint})`);
    expect(failed?.message).toContain('ECONNREFUSED');
  });
});
