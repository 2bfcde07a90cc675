/**
 * The cards members hold (memberMembership; server/membership/store.ts, grants.ts): a learner's
 * or teacher's own cards, the cards of an organization's learners, and the platform's resource
 * to grant, change and end cards directly.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import { allOps, name } from './common.ts';
import { membershipItem, membershipType } from './memberships.ts';

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

/** What a member's cards sort by. */
export const MEMBER_MEMBERSHIP_SORT = ['expireDate', 'startDate', 'id'] as const;

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

export const heldCardListCalls = defineCalls({
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
});

export const memberMembershipCalls = {
  ...resourceCalls(memberMembershipResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: '删除即立即终止该卡',
  }),
};
