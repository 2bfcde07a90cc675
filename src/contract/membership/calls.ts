/**
 * Memberships (vip cards, docs/product-rules.md#membership-cards), the rights they grant, the cards members hold, and
 * membership orders (issue 6). Definitions, rights and held cards are resources from the
 * factory; membership orders are orders (../order/calls.ts) of kind `membership`.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { PUBLICATION_STATES } from '../../machines/lifecycles/publication.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { notifyCall } from '../order/notifications.ts';
import {
  ORDER_SORT,
  applyQuitBody,
  orderActionBody,
  orderDetail,
  orderFilter,
  orderItem,
  orderSimpleItem,
  payAnswer,
  payBody,
  refundBody,
  rejectQuitBody,
  remarkBody,
  staffOrderBody,
} from '../order/orders.ts';
import { orderById, orderList, staffOrderAction } from '../order/specs.ts';
import { deletedAnswer, idBody } from '../resource.ts';
import { MAX_PRICE_FEN } from '../money.ts';

export const membershipType = z.enum(['0', '1']);
export const membershipTag = z.enum(['student', 'studentPackage', 'educational']);

export const publicationState = z.enum(PUBLICATION_STATES);

export const membershipItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: membershipType,
  tags: z.array(membershipTag),
  /** '1' on sale (published), '0' otherwise (docs/product-rules.md#membership-cards). */
  status: z.enum(['0', '1']),
  publication: publicationState,
  sort: z.number().int(),
  priceFen: z.number().int(),
  durationDays: z.number().int(),
  /** Right codes; empty grants the default five (docs/product-rules.md#membership-cards). */
  rights: z.array(z.string()),
  description: z.string(),
});

export const memberMembership = z.object({
  id: z.number().int(),
  membership: membershipItem,
  startDate: z.string(),
  expireDate: z.string(),
  /** Set when the card was ended early (its order quit or refunded, or staff ended it). */
  endedAt: z.string().nullable(),
  /** The order that granted it; null when staff granted it directly. */
  orderId: z.number().int().nullable(),
});
export type MemberMembership = z.infer<typeof memberMembership>;

/** A held card as staff see it: whose it is, and whether it is valid now. */
export const heldMembership = memberMembership.extend({
  memberId: z.number().int(),
  memberName: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  valid: z.boolean(),
  remark: z.string(),
});

/** What the card list and a member's cards sort by. */
export const MEMBERSHIP_SORT = ['sort', 'id', 'name', 'priceFen'] as const;
export const MEMBER_MEMBERSHIP_SORT = ['expireDate', 'startDate', 'id'] as const;
export const RIGHT_SORT = ['sort', 'id', 'code'] as const;

const name = (what: string, max: number) =>
  z.string().trim().min(1, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);
const rightCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '权益编码为字母开头的字母、数字或下划线，最多 40 个');

const membershipBase = {
  name: name('会员卡名称', 40),
  type: membershipType,
  tags: z.array(membershipTag).max(3),
  sort: f.wholeNumber(0, 9999),
  priceFen: f.wholeNumber(0, MAX_PRICE_FEN),
  durationDays: f.wholeNumber(1, 3660),
  rights: z
    .array(rightCode)
    .max(30)
    .refine((codes) => new Set(codes).size === codes.length, '权益不能重复'),
  description: z.string().trim().max(500),
};
const membershipInput = z.strictObject({
  ...membershipBase,
  tags: membershipBase.tags.default([]),
  sort: membershipBase.sort.default(0),
  rights: membershipBase.rights.default([]),
  description: membershipBase.description.default(''),
});
/** Only the fields sent change. */
const membershipUpdate = z.strictObject({
  id: f.id,
  name: membershipBase.name.optional(),
  type: membershipBase.type.optional(),
  tags: membershipBase.tags.optional(),
  sort: membershipBase.sort.optional(),
  priceFen: membershipBase.priceFen.optional(),
  durationDays: membershipBase.durationDays.optional(),
  rights: membershipBase.rights.optional(),
  description: membershipBase.description.optional(),
});
const membershipFilter = z.strictObject({
  type: membershipType.optional(),
  tags: z.array(membershipTag).max(3).optional(),
  /** '0' includes drafts and unpublished cards: staff only; learners always see '1'. */
  status: z.enum(['0', '1']).optional(),
  keyword: z.string().trim().max(40).optional(),
});

export const membershipResource = defineResource({
  noun: '会员卡',
  segment: 'membership',
  item: membershipItem,
  listItem: membershipItem,
  simpleItem: membershipItem.pick({ id: true, name: true, type: true, priceFen: true }),
  create: membershipInput,
  update: membershipUpdate,
  filter: membershipFilter,
  sortFields: MEMBERSHIP_SORT,
});

export const rightItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Granted by every card that lists no rights of its own (docs/product-rules.md#membership-cards). */
  isDefault: z.boolean(),
  sort: z.number().int(),
  publication: publicationState,
});
const rightFields = {
  code: rightCode,
  name: name('权益名称', 60),
  description: z.string().trim().max(500).default(''),
  isDefault: z.boolean().default(false),
  sort: f.wholeNumber(0, 9999).default(0),
};
export const rightResource = defineResource({
  noun: '权益',
  segment: 'right',
  item: rightItem,
  listItem: rightItem,
  simpleItem: rightItem.pick({ id: true, code: true, name: true }),
  create: z.strictObject(rightFields),
  update: z.strictObject({
    id: f.id,
    name: rightFields.name.optional(),
    description: z.string().trim().max(500).optional(),
    isDefault: z.boolean().optional(),
    sort: f.wholeNumber(0, 9999).optional(),
  }),
  filter: z.strictObject({
    keyword: z.string().trim().max(40).optional(),
    publication: publicationState.optional(),
  }),
  sortFields: RIGHT_SORT,
});

const heldFilter = z.strictObject({
  memberId: f.id.optional(),
  membershipId: f.id.optional(),
  organizationId: f.id.optional(),
  type: membershipType.optional(),
  /** true: valid now; false: expired or ended. */
  valid: z.boolean().optional(),
  keyword: z.string().trim().max(50).optional(),
});
/** Staff grant a card directly (compensation, a prize); the remark says why. */
export const memberMembershipResource = defineResource({
  noun: '会员持有的会员卡',
  segment: 'memberMembership',
  item: heldMembership,
  listItem: heldMembership,
  simpleItem: heldMembership.pick({ id: true, memberId: true, expireDate: true, valid: true }),
  create: z.strictObject({
    memberId: f.id,
    membershipId: f.id,
    startDate: f.isoDateTime,
    expireDate: f.isoDateTime,
    remark: name('发放原因', 200),
  }),
  update: z.strictObject({
    id: f.id,
    startDate: f.isoDateTime.optional(),
    expireDate: f.isoDateTime.optional(),
    remark: name('修改原因', 200),
  }),
  filter: heldFilter,
  sortFields: MEMBER_MEMBERSHIP_SORT,
});

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
const publication = ['publish', 'unpublish'] as const;

/** Membership orders: orders of kind `membership` (../order/calls.ts). */
const membershipOrderCreate = z.strictObject({ membershipId: f.id });
const createMembershipOrder = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `${who}购买会员卡：下单（待支付；免费卡直接生效）`,
    body: membershipOrderCreate,
    response: orderDetail,
  });
const membershipOrderPayment = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '支付本人的会员卡订单（wallet 立即支付；provider 返回收银台）',
    body: payBody,
    response: payAnswer,
  });
const cancelMembershipOrder = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '取消本人待支付的会员卡订单',
    body: orderActionBody,
    response: orderDetail,
  });
const applyQuitMembershipOrder = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '申请退卡（须填写原因），进入审批队列',
    body: applyQuitBody,
    response: orderDetail,
  });
const queryMine = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '本人未结束的会员卡订单（待支付、已生效、退出审核中），最新在前',
    response: z.array(orderItem),
  });

export const membershipOrderStatistics = z.object({
  orderCount: z.number().int(),
  paidCount: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  netFen: z.number().int(),
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
  byMembership: z.array(
    z.object({
      membershipId: z.number().int().nullable(),
      name: z.string(),
      count: z.number().int(),
      paidFen: z.number().int(),
    }),
  ),
});

const ownCards = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '本人的会员卡',
    query: pageQueryOf(MEMBER_MEMBERSHIP_SORT),
    body: z.strictObject({}),
    response: pageOf(memberMembership),
  });
const organizationCards = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(MEMBER_MEMBERSHIP_SORT),
    body: heldFilter,
    response: pageOf(heldMembership),
  });

export const membership = {
  ...defineCalls({
    'membership.queryList': {
      method: 'POST',
      access: 'public',
      summary: '会员卡定义列表（启动时 {type, tags, status:"1"}；status:"0" 仅平台管理员可查）',
      query: pageQueryOf(MEMBERSHIP_SORT),
      body: membershipFilter,
      response: pageOf(membershipItem),
    },
    'oj.memberMembership.queryList': ownCards('member'),
    'edms.memberMembership.queryList': ownCards('teacher'),
    'bms.organization.membership.queryList': organizationCards(
      'platformAdmin',
      '各机构成员持有的会员卡（可按机构、卡类型、是否有效筛选）',
    ),
    'edms.organization.membership.queryList': organizationCards(
      'teacher',
      '可查看的学员持有的会员卡（机构管理员本机构，教师本人的学员）',
    ),

    'oj.membership.order.create': createMembershipOrder('member', '学员'),
    'oj.membership.order.payment': membershipOrderPayment('member'),
    'oj.membership.order.cancel': cancelMembershipOrder('member'),
    'oj.membership.order.applyQuit': applyQuitMembershipOrder('member'),
    'oj.membership.order.queryById': orderById('member', '本人的会员卡订单'),
    'oj.membership.order.queryList': orderList('member', '本人的会员卡订单'),
    'oj.membership.order.queryMine': queryMine('member'),
    'edms.membership.order.create': createMembershipOrder('teacher', '教师（本人）'),
    'edms.membership.order.payment': membershipOrderPayment('teacher'),
    'edms.membership.order.cancel': cancelMembershipOrder('teacher'),
    'edms.membership.order.applyQuit': applyQuitMembershipOrder('teacher'),
    'edms.membership.order.queryById': orderById(
      'teacher',
      '可查看的学员的会员卡订单（机构管理员本机构，教师本人的学员）',
    ),
    'edms.membership.order.queryList': orderList(
      'teacher',
      '可查看的学员的会员卡订单（机构管理员本机构，教师本人的学员）',
    ),
    'edms.membership.order.queryMine': queryMine('teacher'),

    'bms.membership.order.create': {
      method: 'POST',
      access: 'platformAdmin',
      summary: '代会员购买会员卡（itemId 为会员卡 id；paidOffline 表示已线下收款）',
      body: staffOrderBody,
      response: orderDetail,
    },
    'bms.membership.order.update': staffOrderAction('修改会员卡订单备注', remarkBody),
    'bms.membership.order.delete': {
      method: 'DELETE',
      access: 'platformAdmin',
      summary: '删除从未收款且已结束的会员卡订单',
      body: idBody,
      response: deletedAnswer,
    },
    'bms.membership.order.queryById': orderById('platformAdmin', '任一会员卡订单'),
    'bms.membership.order.queryList': orderList('platformAdmin', '全部会员卡订单'),
    'bms.membership.order.querySimpleList': {
      method: 'POST',
      access: 'platformAdmin',
      summary: '全部会员卡订单（精简字段）',
      query: pageQueryOf(ORDER_SORT),
      body: orderFilter,
      response: pageOf(orderSimpleItem),
    },
    'bms.membership.order.queryStatistics': {
      method: 'GET',
      access: 'platformAdmin',
      summary: '会员卡订单统计：订单数、收款、退款、按状态与按会员卡',
      response: membershipOrderStatistics,
    },
    'bms.membership.order.download': {
      method: 'POST',
      access: 'platformAdmin',
      responseKind: 'xlsx',
      summary: '按筛选条件导出会员卡订单（xlsx，最多 50000 行）',
      body: orderFilter,
      response: z.unknown(),
    },
    'bms.membership.order.cancel': staffOrderAction('取消待支付的会员卡订单'),
    'bms.membership.order.passQuit': staffOrderAction('同意退卡申请'),
    'bms.membership.order.rejectQuit': staffOrderAction(
      '驳回退卡申请（须填写原因）',
      rejectQuitBody,
    ),
    'bms.membership.order.finishQuit':
      staffOrderAction('完成退卡：会员卡即时终止，其后购买的卡顺延提前'),
    'bms.membership.order.forceQuit': staffOrderAction('强制退卡（无需申请）：会员卡即时终止'),
    'bms.membership.order.refund': staffOrderAction(
      '退款：原路退回（渠道、钱包或线下）；amountFen 可部分退款，默认退回全部未退金额',
      refundBody,
    ),
    'bms.membership.order.paidNotify': notifyCall('会员卡订单支付成功'),
    'bms.membership.order.refundNotify': notifyCall('会员卡订单退款成功'),
  }),

  ...resourceCalls(membershipResource, {
    area: 'app',
    access: 'platformAdmin',
    ops: ['create', 'update', 'delete', 'queryById'],
    note: '平台管理员',
  }),
  ...lifecycleCalls(membershipResource, { area: 'app', access: 'platformAdmin', ops: publication }),
  ...resourceCalls(rightResource, { area: 'bms', access: 'platformAdmin', ops: allOps }),
  ...lifecycleCalls(rightResource, { area: 'bms', access: 'platformAdmin', ops: publication }),
  ...resourceCalls(memberMembershipResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: '删除即立即终止该卡',
  }),
};
