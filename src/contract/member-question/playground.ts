/**
 * The playground (练习场; server/member-question/drafts.ts keeps its drafts under question key
 * 0): a learner saves a draft per language, runs code on their own input and reads back the
 * latest draft and run.
 */
import { z } from 'zod';
import { defineCalls, type CallSpec } from '../call.ts';
import * as f from '../fields.ts';
import { draft } from './answers.ts';
import {
  MAX_SOURCE,
  answerSummary,
  customInput,
  judgeLanguage,
  queued,
  sourceCode,
} from './common.ts';

export const playgroundSave = {
  method: 'POST',
  access: 'member',
  summary: '保存练习场草稿（每种语言一份）',
  body: z.strictObject({
    language: judgeLanguage,
    source: z.string().max(MAX_SOURCE),
    input: customInput.optional(),
  }),
  response: z.object({ saved: z.literal(true), updatedAt: f.isoTime }),
} satisfies CallSpec;

export const playgroundRun = {
  method: 'POST',
  access: 'member',
  summary: '在练习场运行代码（自定义输入），结果用 memberQuestion/queryById 查看',
  body: z.strictObject({ language: judgeLanguage, source: sourceCode, input: customInput }),
  response: queued,
} satisfies CallSpec;

export const playgroundLatest = {
  method: 'GET',
  access: 'member',
  summary: '练习场最近的草稿与最近一次运行',
  query: z.strictObject({ language: judgeLanguage.optional() }),
  response: z.object({ draft: draft.nullable(), latestRun: answerSummary.nullable() }),
} satisfies CallSpec;

export const playgroundCalls = defineCalls({
  'memberPlayground.saveAsDraft': playgroundSave,
  'memberPlayground.submitAnswer': playgroundRun,
  'memberPlayground.queryLatest': playgroundLatest,
});
