/**
 * Bytes in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS), shared by every API
 * process on every machine. Keys are the service's names under the installation's prefix. The
 * API still serves every byte (files/read.ts): signed URLs and who may read stay ours.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { FILE_NAME_PATTERN } from '../../contract/file/purpose.ts';
import { fail } from '../http/app-error.ts';
import type { S3Settings } from './settings.ts';
import type { FileStore } from './store.ts';

/** A store that does not answer at all must not hold a request for minutes. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Time without a byte moving; a 30 MiB file on a slow link still moves bytes. */
const SOCKET_TIMEOUT_MS = 30_000;

/** Failures of the network under the request: the store could not be reached or answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** S3's own "try again" answers. */
const BUSY_NAMES = new Set(['SlowDown', 'RequestTimeout', 'ServiceUnavailable', 'TimeoutError']);

interface SdkFailure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as SdkFailure).$metadata?.httpStatusCode;

function isUnavailable(err: unknown): boolean {
  const { name, code } = err as SdkFailure;
  const status = statusOf(err);
  return (
    (code !== undefined && NETWORK_CODES.has(code)) ||
    (name !== undefined && BUSY_NAMES.has(name)) ||
    status === 429 ||
    (status !== undefined && status >= 500)
  );
}

/**
 * The store is down or busy: a 503 the client retries, like a database that is down
 * (db/unavailable.ts). Anything else — refused credentials, a missing bucket — is this
 * installation's settings, which retrying will not mend, and stays an internal error.
 */
function unavailable(err: unknown): Error {
  if (!isUnavailable(err)) return err as Error;
  return Object.assign(fail('SERVICE_UNAVAILABLE', '文件存储暂不可用，请稍后重试'), { cause: err });
}

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.keyPrefix = settings.keyPrefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_TIMEOUT_MS },
      // One retry: the SDK's three attempts would hold a request up to three timeouts before
      // its 503, which the client retries anyway.
      maxAttempts: 2,
      // Other vendors' stores do not all take the CRC32 headers the SDK now adds to every PUT;
      // AWS itself checks the body by its signature either way.
      ...(settings.endpoint && {
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    });
  }

  /** The object key of a stored name. */
  keyOf(fileName: string): string {
    // The service never hands the store another name; a key outside the prefix is never made.
    if (!FILE_NAME_PATTERN.test(fileName)) throw new Error(`bad stored file name: ${fileName}`);
    return this.keyPrefix + fileName;
  }

  async put(fileName: string, bytes: Uint8Array): Promise<void> {
    const key = this.keyOf(fileName);
    // One PUT: the object appears whole under its key or not at all.
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }))
      .catch((err: unknown) => {
        throw unavailable(err);
      });
  }

  async get(fileName: string): Promise<Buffer | null> {
    const key = this.keyOf(fileName);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!answer.Body) return Buffer.alloc(0);
      const bytes = await answer.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      // A missing bucket is a 404 too, but it is the settings that are wrong, not the file.
      const { name } = err as SdkFailure;
      if (name === 'NoSuchKey' || (statusOf(err) === 404 && name !== 'NoSuchBucket')) return null;
      throw unavailable(err);
    }
  }

  async delete(fileName: string): Promise<void> {
    const key = this.keyOf(fileName);
    // S3 answers 204 for a key that is not there; some compatible stores answer 404.
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((err: unknown) => {
        const { name } = err as SdkFailure;
        if (name === 'NoSuchKey' || (statusOf(err) === 404 && name !== 'NoSuchBucket')) return;
        throw unavailable(err);
      });
  }

  /** Closes the client's connections (stopping the platform, tests). */
  close(): void {
    this.client.destroy();
  }
}
