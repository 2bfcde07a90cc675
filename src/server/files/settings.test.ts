import { describe, expect, it } from 'vitest';
import { startPlatform } from '../start.ts';
import { DEFAULT_S3_REGION, describeFileStore, fileStoreSettingsFromEnv } from './settings.ts';

const S3 = { FILE_STORE: 's3', S3_BUCKET: 'xinao-files' };

describe('fileStoreSettingsFromEnv', () => {
  it('is the disk store when nothing is set', () => {
    expect(fileStoreSettingsFromEnv({})).toEqual({ kind: 'disk' });
    expect(fileStoreSettingsFromEnv({ FILE_STORE: 'disk' })).toEqual({ kind: 'disk' });
  });

  it('reads every S3 setting', () => {
    expect(
      fileStoreSettingsFromEnv({
        ...S3,
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'cn-hangzhou',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
        S3_KEY_PREFIX: 'school-a/files',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'xinao-files',
      endpoint: 'http://minio.internal:9000',
      region: 'cn-hangzhou',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: 'school-a/files/',
    });
  });

  it('defaults to AWS in us-east-1, virtual-hosted, the default credential chain, no prefix', () => {
    expect(fileStoreSettingsFromEnv(S3)).toEqual({
      kind: 's3',
      bucket: 'xinao-files',
      endpoint: undefined,
      region: DEFAULT_S3_REGION,
      credentials: undefined,
      forcePathStyle: false,
      keyPrefix: '',
    });
  });

  it.each([
    [{ FILE_STORE: 's3' }, 'FILE_STORE=s3 needs S3_BUCKET'],
    [{ FILE_STORE: 's3', S3_BUCKET: '' }, 'FILE_STORE=s3 needs S3_BUCKET'],
    [{ FILE_STORE: 'S3' }, 'FILE_STORE must be disk or s3, got "S3"'],
    [{ FILE_STORE: 'oss' }, 'FILE_STORE must be disk or s3, got "oss"'],
    [{ S3_BUCKET: 'xinao-files' }, 'S3_BUCKET is set but FILE_STORE is disk'],
    [
      { FILE_STORE: 'disk', S3_ENDPOINT: 'http://x', S3_KEY_PREFIX: 'a/' },
      'S3_ENDPOINT, S3_KEY_PREFIX are set but FILE_STORE is disk',
    ],
    [{ ...S3, S3_BUCKET: 'Xinao_Files' }, 'S3_BUCKET must be a bucket name'],
    [{ ...S3, S3_ACCESS_KEY_ID: 'key' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set'],
    [{ ...S3, S3_SECRET_ACCESS_KEY: 'secret' }, 'are set together'],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...S3, S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...S3, S3_REGION: 'Hangzhou 1' }, 'S3_REGION must be a region name'],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'path' }, 'S3_FORCE_PATH_STYLE must be 1 or 0'],
    [{ ...S3, S3_KEY_PREFIX: '/files' }, 'S3_KEY_PREFIX must be a relative key path'],
    [{ ...S3, S3_KEY_PREFIX: 'a/../b' }, 'S3_KEY_PREFIX must be a relative key path'],
    [{ ...S3, S3_KEY_PREFIX: 'a//b' }, 'S3_KEY_PREFIX must be a relative key path'],
  ])('refuses %o', (env, message) => {
    expect(() => fileStoreSettingsFromEnv(env)).toThrow(message);
  });

  it('names the store without its credentials', () => {
    const settings = fileStoreSettingsFromEnv({
      ...S3,
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'very-secret',
    });
    expect(describeFileStore(settings)).toBe('the S3 store (bucket xinao-files at AWS us-east-1)');
  });
});

describe('a start with bad file store settings', () => {
  it('stops before anything starts, naming the setting', async () => {
    // No database is started: the settings are read before it (an unreachable DATABASE_URL
    // would otherwise be the error).
    await expect(
      startPlatform({
        quiet: true,
        env: { FILE_STORE: 's3', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      }),
    ).rejects.toThrow('FILE_STORE=s3 needs S3_BUCKET');
  });
});
