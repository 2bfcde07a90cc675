/**
 * Learners and parents of an organization (organizationMember and member; server/organization/
 * people.ts reads them): a member's shapes, what a row to add carries, and the two resources'
 * calls. Adding people is ./people-write.ts; looking after them ./member-admin.ts.
 */
import { z } from 'zod';
import { memberRole } from '../accounts/calls.ts';
import * as f from '../fields.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import { READS, activeStatus, reviewState, text } from './common.ts';

export const memberGradeRef = z.object({ id: z.number().int(), name: z.string() });
export const memberItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  realName: z.string(),
  mobile: z.string().nullable(),
  role: memberRole,
  status: activeStatus,
  approval: reviewState,
  tags: z.array(z.string()),
  studentNo: z.string(),
  school: z.string(),
  gradeLevel: z.string(),
  remark: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** The classes a learner is in, or a teacher teaches. */
  grades: z.array(memberGradeRef),
  /** The organization's custom roles the member holds (member/configRoles); none: the built-in role decides. */
  roles: z.array(memberGradeRef),
  createdAt: f.isoTime,
  lastLoginAt: f.isoTime.nullable(),
});
export type MemberItem = z.infer<typeof memberItem>;
export const memberSimpleItem = z.object({
  id: z.number().int(),
  nickname: z.string(),
  realName: z.string(),
  role: memberRole,
  mobile: z.string().nullable(),
});

export const memberTag = z.string().trim().min(1, '标签不能为空').max(32, '标签最多 32 个字符');
export const memberTags = z.array(memberTag).max(20, '最多 20 个标签');
/** The profile fields staff keep for a learner. */
export const profileFields = {
  realName: text('姓名', 20).default(''),
  studentNo: text('学号', 32).default(''),
  school: text('学校', 50).default(''),
  gradeLevel: text('年级', 20).default(''),
  remark: text('备注', 200).default(''),
};

/** One learner (or parent) to add: by mobile (an existing user gets a member here) or username. */
const memberRowFields = {
  nickname: f.nickname,
  mobile: f.mobile.optional(),
  username: f.username.optional(),
  /** Omitted: a password is generated and shown once. */
  password: f.password.optional(),
  role: z.enum(['student', 'parent']).default('student'),
  tags: memberTags.default([]),
  ...profileFields,
};
const canLogIn = (m: { mobile?: string; username?: string }) =>
  m.mobile !== undefined || m.username !== undefined;
const canLogInMessage = { message: '请填写手机号或用户名', path: ['mobile'] };
export const memberRowInput = z.strictObject(memberRowFields).refine(canLogIn, canLogInMessage);
export const memberCreate = z
  .strictObject({
    ...memberRowFields,
    /** Platform staff: the organization (default: their own). */
    organizationId: f.id.optional(),
  })
  .refine(canLogIn, canLogInMessage);
export const memberUpdate = z.strictObject({
  id: f.id,
  nickname: f.nickname.optional(),
  realName: text('姓名', 20).optional(),
  tags: memberTags.optional(),
  studentNo: text('学号', 32).optional(),
  school: text('学校', 50).optional(),
  gradeLevel: text('年级', 20).optional(),
  remark: text('备注', 200).optional(),
  status: activeStatus.optional(),
});
export const memberFilter = z.strictObject({
  /** Nickname, real name, username or mobile contains this. */
  keyword: z.string().trim().max(50).optional(),
  role: memberRole.optional(),
  status: activeStatus.optional(),
  approval: reviewState.optional(),
  tag: memberTag.optional(),
  gradeId: f.id.optional(),
  /** Platform staff. */
  organizationId: f.id.optional(),
});
export const MEMBER_SORT = ['id', 'nickname', 'createdAt', 'lastLoginAt'] as const;

const memberResourceOf = <const Seg extends string>(segment: Seg) =>
  defineResource({
    noun: '学员',
    segment,
    item: memberItem,
    listItem: memberItem,
    simpleItem: memberSimpleItem,
    create: memberCreate,
    update: memberUpdate,
    filter: memberFilter,
    sortFields: MEMBER_SORT,
  });
export const organizationMemberResource = memberResourceOf('organizationMember');
export const memberResource = memberResourceOf('member');

export const memberResourceCalls = {
  ...resourceCalls(organizationMemberResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['update', 'delete', ...READS],
  }),
  ...resourceCalls(organizationMemberResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['update', 'queryList'],
    note: '机构管理员：本机构全部；教师：本人班级的学员',
  }),
  ...resourceCalls(memberResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['update', 'delete', ...READS],
  }),
  ...resourceCalls(memberResource, {
    area: 'app',
    access: 'teacher',
    ops: ['update', ...READS],
    note: '平台管理员全部；机构管理员本机构；教师本人班级的学员',
  }),
};
