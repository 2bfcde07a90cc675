/**
 * Signed download URLs (issue 9): HMAC-SHA-256 over the file name, the appId and the time the
 * URL was made. Changing any of them, or using the URL after its time, is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../contract/envelope.ts';
import { fail } from '../http/app-error.ts';
import type { FileService } from './service.ts';

/** A URL made up to this far in the future (clock skew between processes) is still accepted. */
const FUTURE_SKEW_MS = 60_000;

const signatureOf = (secret: Buffer, fileName: string, appId: string, timestamp: string) =>
  createHmac('sha256', secret).update(`${fileName}\n${appId}\n${timestamp}`).digest('hex');

/** The stable path of a file: public files are read by it as is. */
export const filePath = (fileName: string) =>
  `${API_PREFIX}/common/file/${encodeURIComponent(fileName)}`;

export function signedFileUrl(files: FileService, fileName: string, appId: string): string {
  const timestamp = String(files.now());
  const signature = signatureOf(files.secret, fileName, appId, timestamp);
  const query = new URLSearchParams({ appId, timestamp, signature });
  return `${filePath(fileName)}?${query.toString()}`;
}

/** Refuses a private file's URL that is unsigned, altered or expired, saying which. */
export function checkSignedUrl(
  files: FileService,
  fileName: string,
  query: { appId?: string; timestamp?: string; signature?: string },
): void {
  const { appId, timestamp, signature } = query;
  if (!appId || !timestamp || !signature) {
    throw fail('FORBIDDEN', '此文件须通过有效的下载链接读取（缺少 appId、timestamp 或 signature）');
  }
  const expected = Buffer.from(signatureOf(files.secret, fileName, appId, timestamp), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail('FORBIDDEN', '下载链接无效：签名不符（链接被改动过）');
  }
  const madeAt = Number(timestamp);
  const now = files.now();
  if (madeAt > now + FUTURE_SKEW_MS) throw fail('FORBIDDEN', '下载链接无效：时间戳晚于当前时间');
  if (now - madeAt > files.urlTtlMs) {
    throw fail('FORBIDDEN', '下载链接已过期，请刷新页面后重新获取');
  }
}
