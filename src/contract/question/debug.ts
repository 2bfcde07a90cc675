/**
 * Question debug (server/member-question/teacher-handlers.ts): staff run a question's reference
 * solution on their own input through the judge queue, per staff area.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { customInput, queued } from '../member-question/common.ts';

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

export const debugCalls = {
  bms: defineCalls({
    'bms.question.debug': debug('platformAdmin', '任一题库'),
  }),
  edms: defineCalls({
    'edms.question.debug': debug('teacher', '本机构题库与平台题库'),
  }),
  app: defineCalls({
    'question.debug': debug('teacher', '本机构题库与平台题库'),
  }),
};
