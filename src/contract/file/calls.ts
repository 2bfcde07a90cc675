/**
 * The file service and QR codes (docs/product-rules.md#the-call-catalogue `common`): uploads (multipart and never sealed,
 * docs/product-rules.md#requests), reading and deleting a stored file by name, a signed URL for a file the caller
 * may read, QR code images and the scenes they stand for.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { FILE_NAME_PATTERN, FILE_PURPOSES } from './purpose.ts';
import type { FilePurpose } from './purpose.ts';

export { FILE_PURPOSES };
export type { FilePurpose };

export const filePurpose = z.enum(
  FILE_PURPOSES,
  '用途须为 banner、articleImage、material、document、noteImage 或 feedbackImage 之一',
);

export const storedFileName = z
  .string('文件名不能为空')
  .min(1, '文件名不能为空')
  .max(110, '文件名最多 110 个字符')
  .regex(FILE_NAME_PATTERN, '文件名不合规（只能是上传后得到的文件名，不能含路径）');

/** What an upload answers, and what the upload button hands its screen. */
export const uploadedFile = z.object({
  fileName: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A stable URL for public purposes, a signed expiring one for private purposes. */
  url: z.string(),
});

const digits = (field: string) => z.string().regex(/^[0-9]{1,15}$/, `${field}须为数字`);

/** The download URL's parameters (docs/product-rules.md#requests: appId and a timestamp; ours adds a signature). */
export const fileQuery = z.strictObject({
  appId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'appId 格式不正确')
    .optional(),
  /** When the URL was signed, in milliseconds. */
  timestamp: digits('timestamp').optional(),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'signature 格式不正确')
    .optional(),
  /** `1`: as an attachment (save) rather than shown in the page. */
  download: z.enum(['0', '1'], 'download 须为 0 或 1').optional(),
});

/** A QR code of a page of this site: the page's path and its parameters (a JSON object). */
export const qrCodeQuery = z.strictObject({
  appId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'appId 格式不正确')
    .optional(),
  path: z
    .string('path 不能为空')
    .max(200, 'path 最多 200 个字符')
    .regex(/^\/([A-Za-z0-9_-][A-Za-z0-9/_-]*)?$/, 'path 须为本站页面路径（以 / 开头）'),
  params: z.string().max(500, 'params 最多 500 个字符').optional(),
  /** Side of the picture in pixels. */
  size: z
    .string()
    .regex(/^[0-9]{2,4}$/, 'size 须为 64 到 1024 之间的整数')
    .optional(),
  timestamp: digits('timestamp').optional(),
});

export const scene = z.object({
  scene: z.string(),
  path: z.string(),
  params: z.record(z.string(), z.string()),
  appId: z.string(),
});

export const file = defineCalls({
  'common.file.upload': {
    method: 'POST',
    requestKind: 'multipart',
    access: 'member',
    summary:
      '上传文件（multipart，字段 file 与 purpose；不加密），按内容识别类型并按用途限制类型与大小',
    rateLimit: { max: 120, timeWindowMs: 60 * 60_000, per: 'account' },
    body: z.strictObject({ purpose: filePurpose }),
    response: uploadedFile,
  },
  'common.file.{fileName}': {
    method: 'GET',
    responseKind: 'binary',
    access: 'public',
    summary:
      '读取文件：公开用途直接读取；私有用途须带有效签名（appId、timestamp、signature），过期或被改动即拒绝',
    query: fileQuery,
    response: z.instanceof(Uint8Array),
  },
  'DELETE common.file.{fileName}': {
    method: 'DELETE',
    access: 'member',
    summary: '删除文件：上传者本人、其机构的教师或平台人员；删除后内容即被移除',
    response: z.object({ fileName: z.string(), deleted: z.literal(true) }),
  },
  'common.file.queryUrl': {
    method: 'GET',
    access: 'public',
    summary: '取得可读文件的地址：公开文件为固定地址，私有文件为新签发、会过期的地址',
    query: z.strictObject({ fileName: storedFileName }),
    response: uploadedFile,
  },
  'common.image.qrCode.jpg': {
    method: 'GET',
    responseKind: 'binary',
    access: 'member',
    summary: '生成本站页面的二维码图片（JPEG），并记录其场景码供 common/queryScene 解析',
    rateLimit: { max: 120, timeWindowMs: 60_000, per: 'account' },
    query: qrCodeQuery,
    response: z.instanceof(Uint8Array),
  },
  'common.queryScene': {
    method: 'GET',
    access: 'public',
    summary: '解析二维码场景码：对应的页面路径与参数',
    query: z.strictObject({
      scene: z
        .string('scene 不能为空')
        .regex(/^[A-Za-z0-9]{8,32}$/, 'scene 须为 8 到 32 位字母或数字'),
    }),
    response: scene,
  },
});
