/**
 * Read queries of the activity screens (issue 10 item 1), on the runtime's SWR cache. The
 * learner's reads carry the `commerce` tag (an enrollment is an order, so a payment, a
 * cancellation or an enrollment marks them stale together) and the `memberAnswers` one (a
 * contest's score and rank are the member's answers); the back office's the `staff` tag.
 */
import type { CallResult } from '../../contract/call.ts';
import { activity } from '../../contract/activity/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';
import { commerceTag } from './modules/commerce.ts';
import { memberAnswersTag } from './modules/practice.ts';

export type ActivityArea = 'bms' | 'edms';
export type ActivityPage = CallResult<(typeof activity)['oj.activity.queryList']>;
export type ActivityDetail = CallResult<(typeof activity)['oj.activity.queryById']>;
export type MineActivityEnrollment = CallResult<
  (typeof activity)['oj.activityEnroll.queryMineLatestEnroll']
>;
export type ActivityEnrollPage = CallResult<(typeof activity)['oj.activityEnroll.queryList']>;
export type RankingPage = CallResult<
  (typeof activity)['oj.activityEnroll.queryMemberListSortByScore']
>;
export type ActivityMineStatistics = CallResult<
  (typeof activity)['oj.activityEnroll.queryMineStatistics']
>;
export type StaffActivityPage = CallResult<(typeof activity)['bms.activity.queryList']>;
export type StaffActivityEnrollPage = CallResult<(typeof activity)['bms.activityEnroll.queryList']>;
export type StaffActivityStatistics = CallResult<
  (typeof activity)['bms.activityEnroll.queryEnrollStatistics']
>;

const MINE = (runtime: Runtime) => `commerce:${memberKey(runtime)}:activity`;
export const ACTIVITY_PHASES = ['running', 'upcoming', 'ended'] as const;
export type ActivityPhase = (typeof ACTIVITY_PHASES)[number];

/** One page of the activities open to the learner, by phase and keyword. */
export function activityPage(
  runtime: Runtime,
  page: number,
  phase: ActivityPhase | undefined,
  keyword: string,
  enrolled = false,
): QueryDef<ActivityPage> {
  const key = `${MINE(runtime)}:list:${phase ?? ''}:${enrolled ? 'mine' : ''}:${keyword}`;
  return defined(
    runtime,
    pageKey(key, page),
    () =>
      runtime.transport.call(activity['oj.activity.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {
          ...(phase ? { phase } : {}),
          ...(keyword ? { keyword } : {}),
          ...(enrolled ? { enrolled } : {}),
        },
      }),
    [commerceTag, memberAnswersTag],
  );
}

export function activityDetail(runtime: Runtime, id: number): QueryDef<ActivityDetail> {
  return defined(
    runtime,
    `${MINE(runtime)}:detail:${id}`,
    () => runtime.transport.call(activity['oj.activity.queryById'], { query: { id } }),
    [commerceTag, memberAnswersTag],
  );
}

/** The learner's latest enrollment in the activity with their standing (null: not enrolled). */
export function mineActivityEnrollment(
  runtime: Runtime,
  activityId: number,
): QueryDef<MineActivityEnrollment> {
  return defined(
    runtime,
    `${MINE(runtime)}:mine:${activityId}`,
    () =>
      runtime.transport.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
        query: { activityId },
      }),
    [commerceTag, memberAnswersTag],
  );
}

export function activityRanking(
  runtime: Runtime,
  activityId: number,
  page: number,
): QueryDef<RankingPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:ranking:${activityId}`, page),
    () =>
      runtime.transport.call(activity['oj.activityEnroll.queryMemberListSortByScore'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: { activityId },
      }),
    [commerceTag, memberAnswersTag],
  );
}

export function myActivityEnrollments(
  runtime: Runtime,
  page: number,
): QueryDef<ActivityEnrollPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:enrollments`, page),
    () =>
      runtime.transport.call(activity['oj.activityEnroll.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag, memberAnswersTag],
  );
}

export function myActivityStatistics(runtime: Runtime): QueryDef<ActivityMineStatistics> {
  return defined(
    runtime,
    `${MINE(runtime)}:statistics`,
    () => runtime.transport.call(activity['oj.activityEnroll.queryMineStatistics'], {}),
    [commerceTag, memberAnswersTag],
  );
}

// ——— Back office ———

export function staffActivities(
  runtime: Runtime,
  area: ActivityArea,
  state: string | undefined,
  keyword: string,
  page: number,
): QueryDef<StaffActivityPage> {
  return staffQuery(runtime, pageKey(`${area}:activities:${state ?? ''}:${keyword}`, page), () =>
    runtime.transport.call(activity[`${area}.activity.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: {
        ...(state ? { state: state as 'published' } : {}),
        ...(keyword ? { keyword } : {}),
      },
    }),
  );
}

export function staffActivity(runtime: Runtime, area: ActivityArea, id: number) {
  return staffQuery(runtime, `${area}:activity:${id}`, () =>
    runtime.transport.call(activity[`${area}.activity.queryById`], { query: { id } }),
  );
}

export function staffActivityEnrollments(
  runtime: Runtime,
  area: ActivityArea,
  activityId: number,
  page: number,
): QueryDef<StaffActivityEnrollPage> {
  return staffQuery(runtime, pageKey(`${area}:activityEnrollments:${activityId}`, page), () =>
    runtime.transport.call(activity[`${area}.activityEnroll.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { activityId },
    }),
  );
}

export function staffActivityStatistics(
  runtime: Runtime,
  area: ActivityArea,
  activityId: number,
): QueryDef<StaffActivityStatistics> {
  return staffQuery(runtime, `${area}:activityStatistics:${activityId}`, () =>
    runtime.transport.call(activity[`${area}.activityEnroll.queryEnrollStatistics`], {
      query: { activityId },
    }),
  );
}

export function staffActivityRanking(
  runtime: Runtime,
  area: ActivityArea,
  activityId: number,
  page: number,
): QueryDef<RankingPage> {
  return staffQuery(runtime, pageKey(`${area}:activityRanking:${activityId}`, page), () =>
    runtime.transport.call(activity[`${area}.activityEnroll.queryMemberListSortByScore`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { activityId },
    }),
  );
}
