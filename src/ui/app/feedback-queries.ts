/** Feedback: a member's own (我的反馈) and everyone's for platform staff (意见反馈). */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { feedback as feedbackApi } from '../../contract/feedback/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type FeedbackPage = CallResult<(typeof feedbackApi)['feedback.queryList']>;
export type FeedbackFilter = CallBody<(typeof feedbackApi)['feedback.queryList']>;

/** The member's own, read again after they send one. */
export const MY_FEEDBACK_PREFIX = 'myFeedback:';

export function myFeedback(runtime: Runtime, page: number): QueryDef<FeedbackPage> {
  return definedQuery(runtime, pageKey(`${MY_FEEDBACK_PREFIX}${memberKey(runtime)}`, page), () =>
    runtime.transport.call(feedbackApi['feedback.queryMine'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
    }),
  );
}

export function allFeedback(
  runtime: Runtime,
  filter: FeedbackFilter,
  page: number,
): QueryDef<FeedbackPage> {
  return staffQuery(runtime, pageKey(`feedback:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(feedbackApi['feedback.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filter,
    }),
  );
}
