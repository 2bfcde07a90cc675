/**
 * The question bank's staff list (issue 14): one page of the area's questions by title, type,
 * difficulty and publication state, keyed under `staff:` so a publish, a delete or an import
 * marks it stale.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { StaffArea } from './class-staff-queries.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type QuestionFilter = CallBody<(typeof questionApi)['bms.question.queryList']>;
export type StaffQuestionPage = CallResult<(typeof questionApi)['bms.question.queryList']>;
export type StaffQuestionRow = StaffQuestionPage['content'][number];

export function staffQuestions(
  runtime: Runtime,
  area: StaffArea,
  filter: QuestionFilter,
  page: number,
): QueryDef<StaffQuestionPage> {
  return staffQuery(runtime, pageKey(`${area}:questions:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(questionApi[`${area}.question.queryList`], {
      // Newest changes first: an imported package is found at the top.
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'updatedAt,desc' },
      body: filter,
    }),
  );
}
