/**
 * What the member-question domain's sub-resources (./answers.ts, ./playground.ts,
 * ./staff-queries.ts, ./oj-aliases.ts) share, written once, and what other domains' answers
 * (exam, homework, the question bank's debug) reuse: the judge's languages and verdicts, an
 * answer's kinds and states, the code and input rules, and an answer as it reads back.
 */
import { z } from 'zod';
import { LANGUAGE_NAMES } from '../../judge/languages.ts';
import { VERDICTS } from '../../judge/types.ts';
import * as f from '../fields.ts';
import { questionType } from '../question/types.ts';

/** Languages the judge accepts, and its verdicts: the judge's own lists. */
export const judgeLanguage = z.enum(LANGUAGE_NAMES);
export const judgeVerdict = z.enum(VERDICTS);
/** Where an answer is: waiting in the queue, being compiled, running case k of n, or finished. */
export const answerStatus = z.enum(['queued', 'compiling', 'running', 'done', 'failed']);
/**
 * submit: a graded answer; review: a graded re-submission (订正) of a question the member failed
 * before (reviewSubmit), counted apart in statistics; debug and playground: runs on custom input.
 */
export const answerKind = z.enum(['submit', 'review', 'debug', 'playground']);

export const MAX_SOURCE = 64 * 1024;
const MAX_INPUT = 256 * 1024;
export const sourceCode = z
  .string()
  .min(1, '代码不能为空')
  .max(MAX_SOURCE, `代码最多 ${MAX_SOURCE} 个字符`);
export const customInput = z.string().max(MAX_INPUT, `输入最多 ${MAX_INPUT} 个字符`);
/** Objective answers: one '0'/'1' flag per option (A–D …), e.g. '0100'. */
export const answerFlags = z.string().regex(/^[01]{1,26}$/, '答案应为每个选项一位 0/1');

export const caseResult = z.object({
  index: z.number().int(),
  verdict: judgeVerdict,
  timeMs: z.number().int(),
  memoryKiB: z.number().int(),
  score: z.number(),
  maxScore: z.number(),
  message: z.string().optional(),
});

/**
 * A failing case's data; shown only to members whose rights include testCaseView (one rule for
 * the whole bundle: input, expected answer and the program's own output).
 */
export const caseData = z.object({
  index: z.number().int(),
  input: z.string(),
  answer: z.string(),
  /**
   * What the program printed on this case (first 4 KiB of stdout). Kept for the first failing
   * case of a submission only; '' for the other cases and for submissions judged before it was
   * kept.
   */
  output: z.string(),
  /** The last 4 KiB of the program's stderr on this case (first failing case only, like output). */
  stderr: z.string().optional(),
  /** Something was cut: input, answer or output to its first 4 KiB. */
  truncated: z.boolean(),
});
export type CaseData = z.infer<typeof caseData>;

export const answerSummary = z.object({
  id: z.number().int(),
  questionId: z.number().int().nullable(),
  questionTitle: z.string().nullable(),
  kind: answerKind,
  language: z.string().nullable(),
  status: answerStatus,
  verdict: judgeVerdict.nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  timeMs: z.number().int().nullable(),
  memoryKiB: z.number().int().nullable(),
  createdAt: f.isoTime,
  judgedAt: f.isoTime.nullable(),
});
/** A question to correct (订正): its latest graded answer, with the question's type. */
export const wrongAnswer = answerSummary.extend({ questionType });
export type WrongAnswer = z.infer<typeof wrongAnswer>;

export type AnswerSummary = z.infer<typeof answerSummary>;

export const answerDetail = answerSummary.extend({
  source: z.string(),
  input: z.string().nullable(),
  /** While running: the case being run and how many there are. */
  progress: z.object({ case: z.number().int(), of: z.number().int() }).nullable(),
  compileOutput: z.string(),
  /** The cases that ran; a skipped case has no entry (see skippedCases). */
  cases: z.array(caseResult),
  /**
   * Cases not run because they could no longer change the score (a min-scored subtask already
   * failed); the message of the case that failed it names them. Absent means none.
   */
  skippedCases: z.array(z.number().int()).optional(),
  /** Debug and playground runs: what the program printed. */
  run: z
    .object({
      stdout: z.string(),
      stderr: z.string(),
      stdoutTruncated: z.boolean(),
      exitCode: z.number().int().nullable(),
      message: z.string().optional(),
    })
    .nullable(),
  /** Why a job failed without a verdict (the judge crashed on it every attempt). */
  error: z.string().nullable(),
  failingCase: caseData.nullable(),
  /** A case failed but its data is hidden: the member lacks the testCaseView right. */
  failingCaseHidden: z.boolean(),
});
export type AnswerDetail = z.infer<typeof answerDetail>;

export const queued = z.object({ id: z.number().int(), status: answerStatus });

/** One `event: status` of the status stream; the stream ends after a final one. */
export const statusEvent = answerSummary
  .pick({
    id: true,
    status: true,
    verdict: true,
    score: true,
    maxScore: true,
    timeMs: true,
    memoryKiB: true,
  })
  .extend({ progress: answerDetail.shape.progress });
export type StatusEvent = z.infer<typeof statusEvent>;
