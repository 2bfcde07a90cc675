/**
 * The question bank (issue 3 item 5; docs/product-rules.md#the-call-catalogue `question`): programming questions with
 * test data, and objective questions (single, multiple, true/false) with answer flags. One
 * resource description; each area gets its calls from the factory (../resource.ts).
 */
import { z } from 'zod';
import { DOWNLOAD_NOTES_HEADER, defineCalls, spec } from '../call.ts';
import { questionType } from './types.ts';
import type { Access } from '../call.ts';
import {
  checkerSchema,
  isCompiledChecker,
  difficultySchema,
  ioSchema,
  scoringSchema,
  subtaskSchema,
} from '../../judge/problem-format.ts';
import { PUBLICATION_STATES } from '../../machines/lifecycles/publication.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import * as f from '../fields.ts';
import { contentAccess, paidContentFields } from '../paid-content.ts';
import { jsonField } from '../multipart-fields.ts';
import { idBody } from '../resource.ts';
import { customInput, queued } from '../member-question/calls.ts';

export { questionType };
export type QuestionType = z.infer<typeof questionType>;
export const questionDifficulty = difficultySchema;
export type QuestionDifficulty = z.infer<typeof questionDifficulty>;
export const questionStatus = z.enum(['active', 'deleted']);
/** Drafts and unpublished questions are seen by their own staff only (lifecycles/publication.ts). */
export const questionPublicationState = z.enum(PUBLICATION_STATES);

/** Options are labelled A–D (docs/product-rules.md#answers-and-labels); a true/false question has two: 正确, 错误. */
export const questionOption = z.strictObject({
  label: z.enum(['A', 'B', 'C', 'D']),
  text: z.string().max(2000, '选项最多 2000 个字符'),
});

/** The checkers, scoring and subtasks of docs/problem-format.md, as the judge reads them. */
export const questionChecker = checkerSchema;
export const questionScoring = scoringSchema;
export const questionSubtask = subtaskSchema;
export const questionSample = z.strictObject({
  input: z.string().max(10_000),
  output: z.string().max(10_000),
});
/** One test case given inline as text (import, create). */
/** How a programming question's program reads and writes (docs/problem-format.md `io`). */
export const questionIo = ioSchema;
export type QuestionIo = z.infer<typeof questionIo>;
export const questionCaseText = z.strictObject({
  input: z.string().max(8 * 1024 * 1024),
  answer: z.string().max(8 * 1024 * 1024),
});

/** Every field a person writes; the rules between fields are checked by questionRules. */
const questionFields = {
  type: questionType,
  title: z.string().trim().min(1, '题目标题不能为空').max(200, '题目标题最多 200 个字符'),
  content: z.string().max(100_000, '题面最多 100000 个字符').default(''),
  difficulty: questionDifficulty.default('easy'),
  tags: z.array(z.string().trim().min(1).max(32)).max(20, '标签最多 20 个').default([]),
  source: z.string().max(200).default(''),
  options: z.array(questionOption).max(4, '选项最多 4 个（A–D）').default([]),
  /** One flag per option, '1' = correct (docs/product-rules.md#answers-and-labels). */
  answer: z
    .string()
    .regex(/^[01]{0,4}$/, '答案为每个选项一位 0/1，如 0100')
    .default(''),
  analysis: z.string().max(20_000).default(''),
  timeLimitMs: z.number().int().min(1).max(60_000).nullable().default(null),
  memoryLimitMiB: z.number().int().min(1).max(4096).nullable().default(null),
  checker: questionChecker.default({ type: 'default' }),
  scoring: questionScoring.default({ mode: 'sum' }),
  subtasks: z.array(questionSubtask).max(50).nullable().default(null),
  samples: z.array(questionSample).max(10).default([]),
  checkerSource: z.string().max(200_000).nullable().default(null),
  /** Standard streams, or named files in the program's box (文件输入输出, issue 14). */
  io: questionIo.default({ mode: 'stdio' }),
  /** 交互题: the program talks to interactorSource (a testlib interactor) through pipes. */
  interactive: z.boolean().default(false),
  interactorSource: z.string().max(200_000).nullable().default(null),
  referenceSolutions: z
    .partialRecord(z.enum(['cpp', 'python']), z.string().max(200_000))
    .default({}),
  ...paidContentFields,
};

interface RuleInput {
  type?: QuestionType;
  options?: { label: string; text: string }[];
  answer?: string;
  timeLimitMs?: number | null;
  memoryLimitMiB?: number | null;
  checker?: { type: string };
  checkerSource?: string | null;
  interactive?: boolean;
  interactorSource?: string | null;
  io?: { mode: string };
  scoring?: { mode: string };
  subtasks?: unknown[] | null;
}

/** The rules between fields, with a message naming what is wrong. */
function questionRules(q: RuleInput, ctx: z.core.$RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (q.type === 'programming') {
    if (q.timeLimitMs == null) issue('timeLimitMs', '编程题须给出时间限制');
    if (q.memoryLimitMiB == null) issue('memoryLimitMiB', '编程题须给出内存限制');
    if ((q.options?.length ?? 0) > 0) issue('options', '编程题没有选项');
    if (q.checker && isCompiledChecker(q.checker.type) && !q.checkerSource) {
      issue('checkerSource', `${q.checker.type} 检查器须提供 checkerSource`);
    }
    if (q.scoring?.mode === 'subtasks' && (q.subtasks?.length ?? 0) === 0) {
      issue('subtasks', '按子任务计分须给出子任务');
    }
    if (q.interactive && !q.interactorSource) {
      issue('interactorSource', '交互题须提供 interactorSource（交互器源码）');
    }
    // The interactor is the program's stdin and stdout (docs/problem-format.md).
    if (q.interactive && q.io && q.io.mode !== 'stdio') {
      issue('io', '交互题使用标准输入输出，不能同时设置文件输入输出（io.mode 须为 stdio）');
    }
    return;
  }
  if (q.type === undefined) return;
  if (q.interactive) issue('interactive', '只有编程题可以是交互题');
  if (q.io && q.io.mode !== 'stdio') issue('io', '只有编程题可以设置文件输入输出');
  const options = q.options ?? [];
  const answer = q.answer ?? '';
  const expected = q.type === 'judge' ? 2 : undefined;
  if (expected !== undefined && options.length !== expected) {
    issue('options', '判断题须有两个选项：正确、错误');
  } else if (options.length < 2) {
    issue('options', '选择题至少 2 个选项');
  }
  const labels = options.map((o) => o.label).join('');
  if (labels !== 'ABCD'.slice(0, options.length)) issue('options', '选项须依次标为 A、B、C、D');
  if (answer.length !== options.length) issue('answer', '答案须为每个选项一位 0/1');
  const correct = [...answer].filter((c) => c === '1').length;
  if (q.type === 'multiple' ? correct < 1 : correct !== 1) {
    issue('answer', q.type === 'multiple' ? '多选题至少一个正确选项' : '须恰好一个正确选项');
  }
}

export const questionInput = z.strictObject(questionFields).superRefine(questionRules);
/** A question with its test cases inline as text (create, import). */
export const questionWithCases = z
  .strictObject({ ...questionFields, cases: z.array(questionCaseText).max(200).optional() })
  .superRefine(questionRules);
/** Update replaces the whole question; cases are replaced only when given. */
export const questionUpdate = z
  .strictObject({
    id: f.id,
    ...questionFields,
    cases: z.array(questionCaseText).max(200).optional(),
  })
  .superRefine(questionRules);

export const questionFilter = z.strictObject({
  type: questionType.optional(),
  /** Any of these types (练习场's objective list: single, multiple and true/false together). */
  types: z.array(questionType).min(1).max(4).optional(),
  difficulty: questionDifficulty.optional(),
  /** Questions carrying every one of these tags. */
  tags: z.array(z.string().trim().min(1).max(32)).max(10).optional(),
  /** Part of the title. */
  keyword: z.string().trim().max(100).optional(),
  /** Teachers: only the platform bank, or only their organization's. */
  bank: z.enum(['platform', 'organization']).optional(),
  /** Staff: only drafts, published or unpublished questions (learners see published ones only). */
  publication: questionPublicationState.optional(),
});

const listFields = {
  id: z.number().int(),
  type: questionType,
  title: z.string(),
  difficulty: questionDifficulty,
  tags: z.array(z.string()),
  source: z.string(),
};

export const questionListItem = z.object({
  ...listFields,
  /** Null for the platform bank. */
  organizationId: z.number().int().nullable(),
  caseCount: z.number().int(),
  status: questionStatus,
  publication: questionPublicationState,
  seedKey: z.string().nullable(),
  /**
   * Whether the caller may change this question (edit, its test data, publish, delete): the
   * server's own rule (platform staff any, an organization's staff their organization's), so a
   * screen offers exactly what the server would allow.
   */
  manageable: z.boolean(),
  updatedAt: f.isoTime,
});

export const questionItem = questionListItem.extend({
  content: z.string(),
  options: z.array(questionOption),
  answer: z.string(),
  analysis: z.string(),
  timeLimitMs: z.number().int().nullable(),
  memoryLimitMiB: z.number().int().nullable(),
  checker: questionChecker,
  scoring: questionScoring,
  subtasks: z.array(questionSubtask).nullable(),
  samples: z.array(questionSample),
  checkerSource: z.string().nullable(),
  io: questionIo,
  interactive: z.boolean(),
  interactorSource: z.string().nullable(),
  referenceSolutions: z.record(z.string(), z.string()),
  priceFen: z.number().int(),
  rightCode: z.string().nullable(),
  dataVersion: z.string(),
  createdAt: f.isoTime,
});

export const questionSimpleItem = z.object({
  id: z.number().int(),
  type: questionType,
  title: z.string(),
  difficulty: questionDifficulty,
});

/** What a learner sees: no answer, analysis, test data, checker source or reference solution. */
export const learnerQuestionListItem = z.object(listFields);
export const learnerQuestionItem = learnerQuestionListItem.extend({
  priceFen: z.number().int(),
  /** A locked question answers without its statement, options and samples. */
  access: contentAccess,
  rightName: z.string().nullable(),
  content: z.string(),
  options: z.array(questionOption),
  timeLimitMs: z.number().int().nullable(),
  memoryLimitMiB: z.number().int().nullable(),
  samples: z.array(questionSample),
  caseCount: z.number().int(),
  /** The statement says which mode (issue 14): files to open, or a program to talk to. */
  io: questionIo,
  interactive: z.boolean(),
});

/** Sealed JSON with inline cases (create, update, import): 32 MiB on the wire (~23 MiB JSON). */
export const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** What the question lists sort by. */
export const QUESTION_SORT = ['id', 'title', 'difficulty', 'type', 'updatedAt'] as const;

export const questionResource = defineResource({
  noun: '题目',
  segment: 'question',
  item: questionItem,
  listItem: questionListItem,
  simpleItem: questionSimpleItem,
  create: questionWithCases,
  update: questionUpdate,
  filter: questionFilter,
  // Inline cases may be 8 MiB each; larger sets go as a zip (importZip).
  writeBodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
  sortFields: QUESTION_SORT,
});
const importBody = z.strictObject({ questions: z.array(questionWithCases).min(1).max(200) });
const importAnswer = z.object({ ids: z.array(z.number().int()) });

const randomBody = questionFilter.extend({
  count: z.number().int().min(1, '至少抽取 1 题').max(100, '最多抽取 100 题'),
});

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
/** What the client gets of a download (transport/download.ts DownloadedFile). */
export const downloadedFile = z.object({
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.instanceof(Uint8Array),
  /** What the server says about the file (exportPackage: what the format could not carry). */
  notes: z.array(z.string()).optional(),
});

/**
 * Imports read, unzip and check megabytes: each account gets this many an hour, from whatever
 * address (issue 13: a per-account limit on the import calls).
 */
export const IMPORT_RATE_LIMIT = { max: 60, timeWindowMs: 60 * 60_000, per: 'account' } as const;

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

const importJson = (access: Access, bank: string) =>
  spec({
    method: 'POST',
    access,
    summary: `导入题目（JSON，测试点以文本内联）到${bank}`,
    body: importBody,
    bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
    rateLimit: IMPORT_RATE_LIMIT,
    response: importAnswer,
  });

/** Run a question's reference solution on given input (docs/product-rules.md#the-call-catalogue question debug). */
const debug = (access: Access, bank: string) =>
  spec({
    method: 'POST',
    access,
    summary: `用题目（${bank}）的参考解（cpp 或 python）在给定输入上运行（经判题队列，不计为提交），结果用 memberQuestion/queryById 查看`,
    body: z.strictObject({
      id: f.id,
      language: z.enum(['cpp', 'python']),
      input: customInput,
    }),
    response: queued,
  });

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

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
const teacherNote = '教师：本机构题目可写，平台题库只读（仅上架题目）';
/** Not in the catalogue: questions get the publication lifecycle so drafts stay with staff. */
const publicationOps = ['publish', 'unpublish'] as const;
const publicationNote = '本机构题目；上架后本机构学员可见';

export const question = {
  ...resourceCalls(questionResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: '平台题库',
  }),
  ...lifecycleCalls(questionResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: publicationOps,
    note: '平台题库；上架后教师与学员可见',
  }),
  ...resourceCalls(questionResource, {
    area: 'edms',
    access: 'teacher',
    ops: allOps,
    note: teacherNote,
  }),
  ...lifecycleCalls(questionResource, {
    area: 'edms',
    access: 'teacher',
    ops: publicationOps,
    note: publicationNote,
  }),
  /** The group with no prefix (docs/product-rules.md#the-call-catalogue): teacher access. */
  ...resourceCalls(questionResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
    note: teacherNote,
  }),
  ...lifecycleCalls(questionResource, {
    area: 'app',
    access: 'teacher',
    ops: publicationOps,
    note: publicationNote,
  }),
  ...resourceCalls(questionResource, {
    area: 'oj',
    access: 'member',
    ops: ['queryById', 'queryList'],
    item: learnerQuestionItem,
    listItem: learnerQuestionListItem,
    note: '学员：仅上架题目，不含答案与测试数据',
  }),
  ...defineCalls({
    'bms.question.import': importJson('platformAdmin', '平台题库'),
    'bms.question.importZip': importZip('platformAdmin'),
    'bms.question.unzipAndParse': unzipAndParse('platformAdmin'),
    'bms.question.exportCase': exportCase('platformAdmin'),
    'bms.question.debug': debug('platformAdmin', '任一题库'),
    'bms.question.previewPackage': previewPackage('platformAdmin', '平台题库'),
    'bms.question.importPackage': importPackage('platformAdmin', '平台题库'),
    'bms.question.exportPackage': exportPackage('platformAdmin', '任一题库'),
    'edms.question.import': importJson('teacher', '本机构题库'),
    'edms.question.queryRandomList': {
      method: 'POST',
      access: 'teacher',
      summary: '按条件随机抽取 count 道题（平台题库与本机构题库）',
      body: randomBody,
      response: z.array(questionListItem),
    },
    'edms.question.importZip': importZip('teacher'),
    'edms.question.unzipAndParse': unzipAndParse('teacher'),
    'edms.question.exportCase': exportCase('teacher'),
    'edms.question.debug': debug('teacher', '本机构题库与平台题库'),
    'edms.question.previewPackage': previewPackage('teacher', '本机构题库'),
    'edms.question.importPackage': importPackage('teacher', '本机构题库'),
    'edms.question.exportPackage': exportPackage('teacher', '本机构题库与平台上架题目'),
    'question.import': importJson('teacher', '本机构题库'),
    'question.unzipAndParse': unzipAndParse('teacher'),
    'question.exportCase': exportCase('teacher'),
    'question.debug': debug('teacher', '本机构题库与平台题库'),
    'question.previewPackage': previewPackage('teacher', '本机构题库'),
    'question.importPackage': importPackage('teacher', '本机构题库'),
    'question.exportPackage': exportPackage('teacher', '本机构题库与平台上架题目'),
  }),
};
