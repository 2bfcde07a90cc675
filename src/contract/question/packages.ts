/**
 * Problem packages of other judges in the bank (server/question/packages.ts): preview and import
 * a package, export questions as one; per staff area.
 */
import { z } from 'zod';
import { DOWNLOAD_NOTES_HEADER, defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { IMPORT_RATE_LIMIT, downloadedFile, questionIo } from './common.ts';
import { importAnswer } from './write.ts';

/**
 * Problem packages of other judges (issue 14; docs/problem-format.md "Packages"): Polygon
 * (problem.xml), Hydro (problem.yaml), QDUOJ (problem.json + testcase/) zips and FPS XML
 * (HUSTOJ). The format is recognised from the content. Not in the spec's catalogue (ours).
 */
export const PACKAGE_FORMATS = ['polygon', 'hydro', 'fps', 'qduoj'] as const;
export const packageFormat = z.enum(PACKAGE_FORMATS);
export type PackageFormatName = z.infer<typeof packageFormat>;
/** What a package problem brings, as the preview shows it before anything is saved. */
export const packageProblemPreview = z.object({
  /** 1-based position in the package: what importPackage's `items` name. */
  index: z.number().int(),
  /** Where in the package it is (a folder, an FPS item). */
  origin: z.string(),
  title: z.string(),
  timeLimitMs: z.number().int(),
  memoryLimitMiB: z.number().int(),
  caseCount: z.number().int(),
  /** Inputs and answers together. */
  dataBytes: z.number().int(),
  checker: z.enum(['default', 'strict', 'float', 'testlib', 'hustoj', 'qduoj']),
  /** The checker in words (忽略行末空白比较, testlib 检查器 …). */
  checkerName: z.string(),
  io: questionIo,
  /** 标准输入输出, or 文件 sum.in / sum.out. */
  ioText: z.string(),
  interactive: z.boolean(),
  scoring: z.enum(['sum', 'subtasks']),
  subtaskCount: z.number().int(),
  /** 按测试点平均, or 子任务 3 个，共 100 分. */
  scoringText: z.string(),
  samples: z.number().int(),
  tags: z.array(z.string()),
  /** Pictures of the statement (stored in the file store on import). */
  images: z.number().int(),
  /** Every solution the package brings, as `tag（language）`. */
  solutions: z.array(z.string()),
  /** The languages of the reference solutions kept with the question (question debug runs them). */
  referenceSolutions: z.array(z.enum(['cpp', 'python'])),
  /** What the reader could not carry over or had to assume, in Chinese. */
  warnings: z.array(z.string()),
});
export type PackageProblemPreview = z.infer<typeof packageProblemPreview>;
const packagePreviewAnswer = z.object({
  format: packageFormat,
  /** Polygon, Hydro, FPS（HUSTOJ）, QDUOJ. */
  formatName: z.string(),
  problems: z.array(packageProblemPreview),
});
/** importPackage: form field `file`, and optionally `items` (repeated) choosing problems. */
/** A problem's 1-based position in the package, strict decimal as multipart sends it. */
const packageItem = f.wholeNumber(1, 10_000);
const importPackageBody = z.strictObject({
  /** Repeated field (docs/product-rules.md#the-call-catalogue arrays); sent once it is one string. */
  items: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z.array(packageItem).min(1, 'items 至少选一题').max(200, '一次最多导入 200 题'),
    )
    .optional(),
});
/** exportPackage: the questions, in this order, as one Hydro zip or one FPS XML file. */
const exportPackageBody = z.strictObject({
  ids: z.array(f.id).min(1, '至少导出 1 道题').max(200, '一次最多导出 200 道题'),
  format: z.enum(['hydro', 'fps'], { error: 'format 须为 hydro 或 fps' }),
});
/**
 * The package's largest upload. It is read whole into memory, then unpacked under the archive
 * reader's caps (src/judge/packages/archive.ts PACKAGE_LIMITS: 5000 files, 64 MiB a file,
 * 512 MiB in all), so a small zip that inflates to gigabytes is refused as it inflates.
 */
export const PACKAGE_UPLOAD_LIMIT_BYTES = 128 * 1024 * 1024;

const previewPackage = (access: Access, bank: string) =>
  spec({
    method: 'POST',
    requestKind: 'multipart',
    access,
    rateLimit: IMPORT_RATE_LIMIT,
    uploadLimitBytes: PACKAGE_UPLOAD_LIMIT_BYTES,
    summary: `预览题目包（Polygon/Hydro/QDUOJ 的 zip 或 FPS XML，表单字段 file），不保存；导入目标为${bank}`,
    body: z.strictObject({}),
    response: packagePreviewAnswer,
  });

const importPackage = (access: Access, bank: string) =>
  spec({
    method: 'POST',
    requestKind: 'multipart',
    access,
    rateLimit: IMPORT_RATE_LIMIT,
    uploadLimitBytes: PACKAGE_UPLOAD_LIMIT_BYTES,
    summary: `导入题目包（表单字段 file；items 可重复，选择多题包中的第几题，默认全部）到${bank}，全部成功或全部不导入，导入后为草稿`,
    body: importPackageBody,
    response: importAnswer,
  });

const exportPackage = (access: Access, bank: string) =>
  spec({
    method: 'POST',
    responseKind: 'download',
    access,
    rateLimit: IMPORT_RATE_LIMIT,
    summary: `导出题目（${bank}）为 Hydro zip 或 FPS XML；该格式无法携带的内容列在响应头 ${DOWNLOAD_NOTES_HEADER}`,
    body: exportPackageBody,
    response: downloadedFile,
  });

export const packageCalls = {
  bms: defineCalls({
    'bms.question.previewPackage': previewPackage('platformAdmin', '平台题库'),
    'bms.question.importPackage': importPackage('platformAdmin', '平台题库'),
    'bms.question.exportPackage': exportPackage('platformAdmin', '任一题库'),
  }),
  edms: defineCalls({
    'edms.question.previewPackage': previewPackage('teacher', '本机构题库'),
    'edms.question.importPackage': importPackage('teacher', '本机构题库'),
    'edms.question.exportPackage': exportPackage('teacher', '本机构题库与平台上架题目'),
  }),
  app: defineCalls({
    'question.previewPackage': previewPackage('teacher', '本机构题库'),
    'question.importPackage': importPackage('teacher', '本机构题库'),
    'question.exportPackage': exportPackage('teacher', '本机构题库与平台上架题目'),
  }),
};
