/**
 * Activity prizes and their draw (issue 10 item 2; docs/product-rules.md#the-call-catalogue `activityPrize` in bms, edms and
 * oj). Prizes with stock are a resource of the activity; the draw is commit and reveal (its rule
 * is DRAW_RULE); what a learner won moves through machines/lifecycles/prize-award.ts.
 *
 * Our readings beyond the catalogue (docs/decisions.md "Prizes and the draw (issue 10)"):
 * `draw` (staff start the draw), `queryAwardList` (staff read the winners) in bms and edms, and
 * edms create/update/delete/queryById (an organization manages its own activities' prizes).
 * queryList in every area lists prizes with the activity's draw; lottery is the learner's own
 * result.
 */
import type { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

export const prizeResource = defineResource({
  noun: '活动奖品',
  segment: 'activityPrize',
  item: s.prizeItem,
  listItem: s.prizeItem,
  simpleItem: s.prizeSimpleItem,
  create: s.prizeCreate,
  update: s.prizeUpdate,
  filter: s.prizeFilter,
  sortFields: s.PRIZE_SORT,
});

const OUR_READING = '（本平台的补充接口，目录未列出）';
const FROZEN = '活动结束或已开奖后不能再修改';

const prizeList = (access: Access, summary: string, filter: z.ZodType = s.prizeFilter) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.PRIZE_SORT),
    body: filter as typeof s.prizeFilter,
    response: s.prizePage,
  });
const draw = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary: `${summary}${OUR_READING}`,
    body: s.activityIdBody,
    response: s.drawInfo,
  });
const awardList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary: `${summary}${OUR_READING}`,
    query: pageQueryOf(s.AWARD_SORT),
    body: s.awardFilter,
    response: pageOf(s.awardItem),
  });
const collect = (access: Access, summary: string) =>
  spec({ method: 'POST', access, summary, body: s.awardIdBody, response: s.awardItem });
const ship = (access: Access, summary: string) =>
  spec({ method: 'POST', access, summary, body: s.shipmentBody, response: s.awardItem });

export const activityPrize = {
  ...resourceCalls(prizeResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['create', 'update', 'delete', 'queryById', 'querySimpleList'],
    note: `全部活动；${FROZEN}`,
  }),
  ...resourceCalls(prizeResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['create', 'update', 'delete', 'queryById'],
    note: `本机构的活动；${FROZEN}${OUR_READING}`,
  }),
  ...defineCalls({
    'bms.activityPrize.queryList': prizeList(
      'platformAdmin',
      '分页查询活动奖品；按活动筛选时附该活动的抽奖（承诺值，开奖后的种子、参与者与中奖名单）',
    ),
    'bms.activityPrize.draw': draw(
      'platformAdmin',
      '开奖：活动结束后执行一次，按公布的规则抽出中奖者并公开种子；再次开奖答 CONFLICT',
    ),
    'bms.activityPrize.queryAwardList': awardList('platformAdmin', '中奖记录（领取与发货状态）'),
    'bms.activityPrize.collect': collect(
      'platformAdmin',
      '登记领取：现场领取的奖品交付给中奖者，或快递奖品登记已签收；已领取的答 409',
    ),
    'bms.activityPrize.express': ship('platformAdmin', '发货：填写快递公司与快递单号（可更正）'),

    'edms.activityPrize.queryList': prizeList(
      'teacher',
      '本机构活动的奖品；按活动筛选时附该活动的抽奖',
    ),
    'edms.activityPrize.draw': draw('teacher', '本机构活动开奖（规则同平台）'),
    'edms.activityPrize.queryAwardList': awardList('teacher', '本机构活动的中奖记录'),
    'edms.activityPrize.collect': collect('teacher', '本机构活动奖品登记领取（同平台）'),
    'edms.activityPrize.express': ship('teacher', '本机构活动奖品发货（同平台）'),

    'oj.activityPrize.queryList': prizeList(
      'member',
      '某活动的奖品与库存，附抽奖承诺值（开奖后附种子、参与者与中奖名单，可自行验算）',
      s.learnerPrizeFilter,
    ),
    'oj.activityPrize.lottery': spec({
      method: 'POST',
      access: 'member',
      summary:
        '本人在某活动的抽奖结果：未开奖时答 pending 与承诺值；活动结束后的首次查询会执行开奖（与工作人员开奖同一把锁）',
      body: s.activityIdBody,
      response: s.lotteryResult,
    }),
    'oj.activityPrize.collect': collect(
      'member',
      '领取本人的奖品：现场领取的奖品登记领取，已发货的快递奖品确认收货；重复领取答 409',
    ),
    'oj.activityPrize.express': spec({
      method: 'POST',
      access: 'member',
      summary: '填写本人快递奖品的收货地址（发货前可修改；省市区代码须为地址服务中的下级关系）',
      body: s.shippingAddressBody,
      response: s.awardItem,
    }),
  }),
};
