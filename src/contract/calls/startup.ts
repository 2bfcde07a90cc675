import { z } from 'zod';
import { defineCall } from '../call.ts';
import * as routes from '../routes/startup.ts';
import { pageOf, pageQuery } from '../paging.ts';

export const dictItem = z.object({ value: z.string(), label: z.string() });

export const dictQueryByValue = defineCall({
  ...routes.dictQueryByValue,
  access: 'public',
  summary: '按字典编码查询字典项（客户端按编码缓存，失败静默返回空列表）',
  query: z.strictObject({ value: z.string().trim().min(1, '请提供字典编码').max(64) }),
  response: z.object({ value: z.string(), name: z.string(), itemList: z.array(dictItem) }),
});

/** Grade (class) status values; the start-up list asks for ['4','1','2','3','5']. */
export const gradeStatus = z.enum(['0', '1', '2', '3', '4', '5']);

export const gradeListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: gradeStatus,
  isPublic: z.boolean(),
  sort: z.number().int(),
  appId: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  teacherName: z.string().nullable(),
  memberCount: z.number().int(),
  priceFen: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const gradeQueryList = defineCall({
  ...routes.gradeQueryList,
  access: 'public',
  summary: '班级列表（启动时：page 0, size 100, sort=sort,asc）',
  query: pageQuery,
  body: z.strictObject({
    statusList: z.array(gradeStatus).max(6).optional(),
    isPublic: z.boolean().optional(),
    appIds: z.array(z.string().max(64)).max(20).optional(),
    name: z.string().max(64).optional(),
  }),
  response: pageOf(gradeListItem),
});

/** Re-exported: the list lives in ../rights.ts, which the browser reads without zod. */
export { DEFAULT_RIGHT_CODES } from '../rights.ts';

export const membershipType = z.enum(['0', '1']);
export const membershipTag = z.enum(['student', 'studentPackage', 'educational']);

export const membership = z.object({
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
export type Membership = z.infer<typeof membership>;

export const membershipQueryList = defineCall({
  ...routes.membershipQueryList,
  access: 'public',
  summary: '会员卡定义列表（启动时 {type, tags, status:"1"}）',
  query: pageQuery,
  body: z.strictObject({
    type: membershipType.optional(),
    tags: z.array(membershipTag).max(3).optional(),
    status: z.enum(['0', '1']).optional(),
  }),
  response: pageOf(membership),
});

export const memberMembership = z.object({
  id: z.number().int(),
  membership,
  startDate: z.string(),
  expireDate: z.string(),
});
export type MemberMembership = z.infer<typeof memberMembership>;

export const memberMembershipQueryList = defineCall({
  ...routes.memberMembershipQueryList,
  access: 'member',
  summary: '本人的会员卡',
  query: pageQuery,
  body: z.strictObject({}),
  response: pageOf(memberMembership),
});
