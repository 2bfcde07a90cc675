/**
 * A question's test cases as a zip of N.in / N.out (server/question/case-zip.ts): upload to
 * replace them, preview a zip (with the question) without saving, download them; per staff area.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { jsonField } from '../multipart-fields.ts';
import { idBody } from '../resource.ts';
import { IMPORT_RATE_LIMIT, downloadedFile } from './common.ts';
import { questionItem } from './questions.ts';
import { questionInput } from './write.ts';

/** importZip: form fields `id` and `file` (a zip of top-level N.in / N.out). */
const importZipBody = z.strictObject({ id: f.id });
/** unzipAndParse: `file`, and optionally the question as JSON text, to preview both. */
const unzipBody = z.strictObject({ question: jsonField(questionInput).optional() });
const casePreview = z.object({
  index: z.number().int(),
  inputBytes: z.number().int(),
  answerBytes: z.number().int(),
  /** The first 256 bytes, as UTF-8 text. */
  inputPreview: z.string(),
  answerPreview: z.string(),
});
const unzipAnswer = z.object({
  question: questionInput.nullable(),
  caseCount: z.number().int(),
  dataVersion: z.string(),
  cases: z.array(casePreview),
});

const unzipAndParse = (access: Access) =>
  spec({
    method: 'POST',
    requestKind: 'multipart',
    access,
    rateLimit: IMPORT_RATE_LIMIT,
    summary: '解析测试点压缩包（N.in/N.out）并预览，不保存；可附带题目 JSON 一并校验',
    body: unzipBody,
    response: unzipAnswer,
  });

const exportCase = (access: Access) =>
  spec({
    method: 'POST',
    responseKind: 'zip',
    access,
    summary: '下载题目的测试点（zip：N.in/N.out）',
    body: idBody,
    response: downloadedFile,
  });

const importZip = (access: Access) =>
  spec({
    method: 'POST',
    requestKind: 'multipart',
    access,
    summary: '上传测试点压缩包（N.in/N.out），替换题目的全部测试点',
    rateLimit: IMPORT_RATE_LIMIT,
    body: importZipBody,
    response: questionItem,
  });

export const caseZipCalls = {
  bms: defineCalls({
    'bms.question.importZip': importZip('platformAdmin'),
    'bms.question.unzipAndParse': unzipAndParse('platformAdmin'),
    'bms.question.exportCase': exportCase('platformAdmin'),
  }),
  edms: defineCalls({
    'edms.question.importZip': importZip('teacher'),
    'edms.question.unzipAndParse': unzipAndParse('teacher'),
    'edms.question.exportCase': exportCase('teacher'),
  }),
  app: defineCalls({
    'question.unzipAndParse': unzipAndParse('teacher'),
    'question.exportCase': exportCase('teacher'),
  }),
};
