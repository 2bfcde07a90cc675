/**
 * An organization's teachers (teacherMember; server/organization/people.ts reads them,
 * people-write.ts adds them): a teacher's shapes, the resource's calls, and adding one or a
 * batch.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import { activeStatus, crud, text, uniqueIds } from './common.ts';
import { staffInvitationItem } from './invitations.ts';
import { memberItem } from './members.ts';
import { batchMembersAnswer } from './people-write.ts';

export const teacherGroupRef = z.object({ id: z.number().int(), name: z.string() });
/** A teacher: the member fields staff need, a staff role, and their teaching groups. */
export const teacherItem = memberItem
  .pick({
    id: true,
    userId: true,
    username: true,
    nickname: true,
    realName: true,
    mobile: true,
    status: true,
    organizationId: true,
    organizationName: true,
    grades: true,
    roles: true,
    createdAt: true,
    lastLoginAt: true,
  })
  .extend({
    role: z.enum(['teacher', 'orgAdmin']),
    groups: z.array(teacherGroupRef),
  });
export type TeacherItem = z.infer<typeof teacherItem>;
export const teacherCreated = teacherItem.extend({ initialPassword: z.string().nullable() });
/** A teacher added: as a member is (memberCreateAnswer), an invitation when registered elsewhere. */
export const teacherCreateAnswer = z.union([
  teacherCreated.extend({ invitation: z.null().default(null) }),
  z.object({ invitation: staffInvitationItem, message: z.string() }),
]);
export const teacherSimpleItem = z.object({
  id: z.number().int(),
  nickname: z.string(),
  realName: z.string(),
});
const teacherRowFields = {
  nickname: f.nickname,
  realName: text('姓名', 20).default(''),
  mobile: f.mobile,
  password: f.password.optional(),
  role: z.enum(['teacher', 'orgAdmin']).default('teacher'),
  groupIds: z.array(f.id).max(50).refine(uniqueIds, '分组不能重复').default([]),
};
export const teacherRowInput = z.strictObject(teacherRowFields);
export const teacherCreate = z.strictObject({
  ...teacherRowFields,
  organizationId: f.id.optional(),
});
export const teacherUpdate = z.strictObject({
  id: f.id,
  nickname: f.nickname.optional(),
  realName: text('姓名', 20).optional(),
  status: activeStatus.optional(),
  role: z.enum(['teacher', 'orgAdmin']).optional(),
});
export const teacherFilter = z.strictObject({
  keyword: z.string().trim().max(50).optional(),
  groupId: f.id.optional(),
  status: activeStatus.optional(),
  role: z.enum(['teacher', 'orgAdmin']).optional(),
  organizationId: f.id.optional(),
});
export const TEACHER_SORT = ['id', 'nickname', 'createdAt'] as const;
export const batchTeachersBody = z.strictObject({
  rows: z.array(teacherRowInput).min(1, '请至少填写一行').max(200, '一次最多 200 行'),
  dryRun: z.boolean().default(false),
});

export const teacherResource = defineResource({
  noun: '教师',
  segment: 'teacherMember',
  item: teacherItem,
  listItem: teacherItem,
  simpleItem: teacherSimpleItem,
  create: teacherCreate,
  update: teacherUpdate,
  filter: teacherFilter,
  sortFields: TEACHER_SORT,
});

export const teacherCalls = {
  ...resourceCalls(teacherResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...resourceCalls(teacherResource, {
    area: 'edms',
    access: 'orgAdmin',
    ops: ['update'],
    note: '机构管理员',
  }),
  ...resourceCalls(teacherResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['queryList'],
    note: '本机构的教师',
  }),
  ...defineCalls({
    'edms.teacherMember.create': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '新建本机构教师（手机号已注册则为该用户加开教师账号）；生成的初始密码仅此一次返回',
      body: teacherCreate,
      response: teacherCreateAnswer,
    }),
    'edms.teacherMember.batchCreate': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '批量新建教师：逐行结果；dryRun 只检查；有效行在一个事务内全部写入',
      body: batchTeachersBody,
      response: batchMembersAnswer,
    }),
  }),
};
