/** Every organization's answers as platform staff read them (bms memberQuestion; /admin/answers). */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type PlatformAnswerFilter = CallBody<
  (typeof memberQuestionApi)['bms.memberQuestion.queryList']
>;
export type PlatformAnswerPage = CallResult<
  (typeof memberQuestionApi)['bms.memberQuestion.queryList']
>;

/** What names every page of the list: the screen's 刷新 marks them stale by it. */
export const PLATFORM_ANSWERS_KEY = 'platformAnswers:';

export function platformAnswers(
  runtime: Runtime,
  filter: PlatformAnswerFilter,
  page: number,
): QueryDef<PlatformAnswerPage> {
  return staffQuery(
    runtime,
    pageKey(`${PLATFORM_ANSWERS_KEY}${JSON.stringify(filter)}`, page),
    () =>
      runtime.transport.call(memberQuestionApi['bms.memberQuestion.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
        body: filter,
      }),
  );
}
