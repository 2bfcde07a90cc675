/**
 * Read queries of activity prizes (issue 10 item 2), on the runtime's SWR cache. The learner's
 * carry the activity's tags, `commerce` and `memberAnswers` (a prize action or an enrollment marks
 * them stale together); the back office's the `staff` tag. The address lists are the same for
 * everyone and never change while the app runs.
 */
import type { CallResult } from '../../contract/call.ts';
import { activityPrize } from '../../contract/activity-prize/refs.ts';
import { address } from '../../contract/address/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';
import { commerceTag } from './modules/commerce.ts';
import { memberAnswersTag } from './modules/practice.ts';

export type PrizeArea = 'bms' | 'edms';
export type PrizePage = CallResult<(typeof activityPrize)['oj.activityPrize.queryList']>;
export type LotteryAnswer = CallResult<(typeof activityPrize)['oj.activityPrize.lottery']>;
export type AwardPage = CallResult<(typeof activityPrize)['bms.activityPrize.queryAwardList']>;
export type Division = CallResult<(typeof address)['address.queryProvinceList']>[number];

const MINE = (runtime: Runtime, activityId: number) =>
  `commerce:${memberKey(runtime)}:activity:prize:${activityId}`;

/** An activity's prizes and its draw (commitment; after the draw seed and winners). */
export function activityPrizes(runtime: Runtime, activityId: number): QueryDef<PrizePage> {
  return defined(
    runtime,
    `${MINE(runtime, activityId)}:list`,
    () =>
      runtime.transport.call(activityPrize['oj.activityPrize.queryList'], {
        query: { size: 100, sort: 'sort,asc' },
        body: { activityId },
      }),
    [commerceTag, memberAnswersTag],
  );
}

/** The learner's own result (the first one after the end runs the draw on the server). */
export function lotteryResult(runtime: Runtime, activityId: number): QueryDef<LotteryAnswer> {
  return defined(
    runtime,
    `${MINE(runtime, activityId)}:lottery`,
    () =>
      runtime.transport.call(activityPrize['oj.activityPrize.lottery'], { body: { activityId } }),
    [commerceTag, memberAnswersTag],
  );
}

export function provinceList(runtime: Runtime): QueryDef<Division[]> {
  return defined(runtime, 'address:provinces', () =>
    runtime.transport.call(address['address.queryProvinceList']),
  );
}
/** A province's cities; nothing chosen yet is an empty list, asked of nobody. */
export function cityList(runtime: Runtime, provinceCode: string): QueryDef<Division[]> {
  return defined(runtime, `address:cities:${provinceCode}`, async () =>
    provinceCode
      ? runtime.transport.call(address['address.queryCityList'], { query: { provinceCode } })
      : [],
  );
}
export function districtList(runtime: Runtime, cityCode: string): QueryDef<Division[]> {
  return defined(runtime, `address:districts:${cityCode}`, async () =>
    cityCode
      ? runtime.transport.call(address['address.queryDistrictList'], { query: { cityCode } })
      : [],
  );
}

/** Staff: an activity's prizes with the draw. */
export function staffPrizes(
  runtime: Runtime,
  area: PrizeArea,
  activityId: number,
): QueryDef<PrizePage> {
  return staffQuery(runtime, `${area}:activity:${activityId}:prizes`, () =>
    runtime.transport.call(activityPrize[`${area}.activityPrize.queryList`], {
      query: { size: 100, sort: 'sort,asc' },
      body: { activityId },
    }),
  );
}

/** Staff: one page of an activity's winners, in draw order. */
export function staffAwards(
  runtime: Runtime,
  area: PrizeArea,
  activityId: number,
  page: number,
): QueryDef<AwardPage> {
  return staffQuery(runtime, pageKey(`${area}:activity:${activityId}:awards`, page), () =>
    runtime.transport.call(activityPrize[`${area}.activityPrize.queryAwardList`], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'place,asc' },
      body: { activityId },
    }),
  );
}
