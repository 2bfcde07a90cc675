/**
 * Writing questions (server/question/write.ts): every field a person writes and the rules between
 * them, the shapes create, update and import read, and the JSON import calls of each staff area.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { isCompiledChecker } from '../../judge/problem-format.ts';
import * as f from '../fields.ts';
import { paidContentFields } from '../paid-content.ts';
import {
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_RATE_LIMIT,
  questionCaseText,
  questionChecker,
  questionDifficulty,
  questionIo,
  questionOption,
  questionSample,
  questionScoring,
  questionSubtask,
} from './common.ts';
import type { QuestionType } from './common.ts';
import { questionType } from './types.ts';

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

const importBody = z.strictObject({ questions: z.array(questionWithCases).min(1).max(200) });
/** What an import answers: the new questions' ids, in order (the package import too). */
export const importAnswer = z.object({ ids: z.array(z.number().int()) });

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

export const importCalls = {
  bms: defineCalls({ 'bms.question.import': importJson('platformAdmin', '平台题库') }),
  edms: defineCalls({ 'edms.question.import': importJson('teacher', '本机构题库') }),
  app: defineCalls({ 'question.import': importJson('teacher', '本机构题库') }),
};
