/**
 * Where uploaded bytes are kept (README "文件存储"): FILE_STORE and the S3_* settings, read once at
 * start-up. A combination that cannot be what was meant is refused before anything starts: an
 * S3_* setting under the disk store would otherwise leave each machine writing its own disk.
 */
import path from 'node:path';
import { parseYesNo } from '../setting-values.ts';
import { DiskFileStore } from './store.ts';
import type { FileStore } from './store.ts';

export interface S3Settings {
  bucket: string;
  /** MinIO, Aliyun OSS, Tencent COS…; unset: AWS, by the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (AWS_* variables, ~/.aws, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Put before every name, '' or ending in '/'. */
  keyPrefix: string;
}

export type FileStoreSettings = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export const DEFAULT_S3_REGION = 'us-east-1';

const S3_NAMES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_KEY_PREFIX',
] as const;

/** S3's bucket naming rules (also those of OSS and COS, whose names are stricter still). */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9-]{2,40}$/;
/** Characters S3 lists as safe in keys, and no empty, `.` or `..` segment. */
const PREFIX_PATTERN = /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/;

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name] || undefined;

function parseEndpoint(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(
      `S3_ENDPOINT must be an http(s) URL such as https://oss-cn-hangzhou.aliyuncs.com, got "${value}"`,
    );
  }
  return value.replace(/\/$/, '');
}

function parseKeyPrefix(value: string | undefined): string {
  if (value === undefined) return '';
  const segments = value.replace(/\/$/, '').split('/');
  if (!PREFIX_PATTERN.test(value) || segments.some((s) => s === '.' || s === '..')) {
    throw new Error(
      `S3_KEY_PREFIX must be a relative key path such as xinao/files/ (letters, digits, ` +
        `!_.*'()- and single slashes, no leading slash), got "${value}"`,
    );
  }
  return value.endsWith('/') ? value : `${value}/`;
}

function parseS3(env: NodeJS.ProcessEnv): S3Settings {
  const bucket = setting(env, 'S3_BUCKET');
  if (bucket === undefined) throw new Error('FILE_STORE=s3 needs S3_BUCKET, the bucket to use');
  if (!BUCKET_PATTERN.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots and hyphens), got "${bucket}"`,
    );
  }
  const region = setting(env, 'S3_REGION') ?? DEFAULT_S3_REGION;
  if (!REGION_PATTERN.test(region)) {
    throw new Error(`S3_REGION must be a region name such as ap-guangzhou, got "${region}"`);
  }
  const accessKeyId = setting(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = setting(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  }
  return {
    bucket,
    endpoint: parseEndpoint(setting(env, 'S3_ENDPOINT')),
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: parseYesNo('S3_FORCE_PATH_STYLE', setting(env, 'S3_FORCE_PATH_STYLE')),
    keyPrefix: parseKeyPrefix(setting(env, 'S3_KEY_PREFIX')),
  };
}

/** FILE_STORE (`disk`, the default, or `s3`) and, for `s3`, the S3_* settings. */
export function fileStoreSettingsFromEnv(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = setting(env, 'FILE_STORE') ?? 'disk';
  if (kind === 's3') return { kind, ...parseS3(env) };
  if (kind !== 'disk') throw new Error(`FILE_STORE must be disk or s3, got "${kind}"`);
  const stray = S3_NAMES.filter((name) => setting(env, name) !== undefined);
  if (stray.length > 0) {
    throw new Error(
      `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but FILE_STORE is disk: ` +
        'set FILE_STORE=s3 to keep files in the bucket, or unset them',
    );
  }
  return { kind };
}

/** The store the settings name; the S3 client is loaded only where it is used. */
export async function openFileStore(
  settings: FileStoreSettings,
  dataDir: string,
): Promise<FileStore> {
  if (settings.kind === 'disk') return new DiskFileStore(path.join(dataDir, 'files'));
  const { S3FileStore } = await import('./s3-store.ts');
  return new S3FileStore(settings);
}

/** Where the files are, for messages: never the credentials. */
export function describeFileStore(settings: FileStoreSettings): string {
  if (settings.kind === 'disk') return 'the disk store';
  const at = settings.endpoint ?? `AWS ${settings.region}`;
  return `the S3 store (bucket ${settings.bucket} at ${at})`;
}
