import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const membershipType = z.enum(['0', '1']);
export const membershipTag = z.enum(['student', 'studentPackage', 'educational']);

export const membershipItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: membershipType,
  tags: z.array(membershipTag),
  status: z.enum(['0', '1']),
  sort: z.number().int(),
  priceFen: z.number().int(),
  durationDays: z.number().int(),
  rights: z.array(z.string()),
});
export type Membership = z.infer<typeof membershipItem>;

export const memberMembership = z.object({
  id: z.number().int(),
  membership: membershipItem,
  startDate: z.string(),
  expireDate: z.string(),
});
export type MemberMembership = z.infer<typeof memberMembership>;

/** What the card list and a member's cards sort by. */
export const MEMBERSHIP_SORT = ['sort', 'id', 'name', 'priceFen'] as const;
export const MEMBER_MEMBERSHIP_SORT = ['expireDate', 'startDate', 'id'] as const;

export const membership = defineCalls({
  'membership.queryList': {
    method: 'POST',
    access: 'public',
    summary: '会员卡定义列表（启动时 {type, tags, status:"1"}）',
    query: pageQueryOf(MEMBERSHIP_SORT),
    body: z.strictObject({
      type: membershipType.optional(),
      tags: z.array(membershipTag).max(3).optional(),
      status: z.enum(['0', '1']).optional(),
    }),
    response: pageOf(membershipItem),
  },
  'oj.memberMembership.queryList': {
    method: 'POST',
    access: 'member',
    summary: '本人的会员卡',
    query: pageQueryOf(MEMBER_MEMBERSHIP_SORT),
    body: z.strictObject({}),
    response: pageOf(memberMembership),
  },
});
