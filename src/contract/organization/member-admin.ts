/**
 * Looking after people already in an organization (server/organization/member-admin.ts): the
 * masked lookup and adding a learner to a teacher's own, roles and approval, member cards,
 * the lookup by mobile, the points ranking, statistics, and a learner's teachers.
 */
import { z } from 'zod';
import { memberRole } from '../accounts/calls.ts';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { lifecycleCalls } from '../resource.ts';
import { memberItem, memberResource } from './members.ts';

export const memberIdBody = z.strictObject({ memberId: f.id });
export const memberIdQuery = z.strictObject({ memberId: f.id });
export const mobileQuery = z.strictObject({ mobile: f.mobile });
export const configRolesBody = z.strictObject({
  id: f.id,
  role: memberRole,
  /**
   * The organization's custom roles the member holds from now on (role/*), replacing those held;
   * absent: unchanged. Staff only: a learner or parent holds none.
   */
  roleIds: z
    .array(f.id, '角色须为角色 ID 的列表')
    .max(20, '最多 20 个角色')
    .refine((ids) => new Set(ids).size === ids.length, '角色不能重复')
    .optional(),
});
export const anonQueryBody = z.strictObject({
  /** An exact mobile or username (at least 3 characters): a lookup, not a browse. */
  keyword: z.string().trim().min(3, '请输入完整的手机号或用户名').max(32),
});
export const anonMemberItem = z.object({
  id: z.number().int(),
  maskedName: z.string(),
  maskedMobile: z.string().nullable(),
  role: memberRole,
  organizationName: z.string(),
});
export const ANON_SORT = ['id'] as const;
export const memberCard = z.object({
  memberId: z.number().int(),
  cardNo: z.string(),
  nickname: z.string(),
  realName: z.string(),
  role: memberRole,
  studentNo: z.string(),
  organizationName: z.string(),
  issuedAt: f.isoTime,
  /** A check code over the card's fields: a printed card can be verified at the desk. */
  verifyCode: z.string(),
});
export const pointsRankingQuery = z.strictObject({ size: f.wholeNumber(1, 100).default(20) });
export const pointsRankingRow = z.object({
  rank: z.number().int(),
  memberId: z.number().int(),
  nickname: z.string(),
  organizationName: z.string(),
  points: z.number().int(),
});
export const memberStatistics = z.object({
  students: z.number().int(),
  parents: z.number().int(),
  teachers: z.number().int(),
  admins: z.number().int(),
  pending: z.number().int(),
  disabled: z.number().int(),
  newThisMonth: z.number().int(),
  activeLast7Days: z.number().int(),
});
export const memberTeacherRow = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  organizationName: z.string(),
  /** The classes through which they teach the member. */
  gradeNames: z.array(z.string()),
  /** Bound to the member directly (addMemberToMine, bindTeacher). */
  bound: z.boolean(),
});
export const addedToMine = z.object({
  teacherMemberId: z.number().int(),
  memberId: z.number().int(),
});

/** Finding someone, and making a learner of the organization one's own. */
export const memberLookupCalls = defineCalls({
  'member.addMemberToMine': spec({
    method: 'POST',
    access: 'teacher',
    summary: '把本机构的一名学员加为本人的学员（教师可查看其作答与报名）',
    body: memberIdBody,
    response: addedToMine,
  }),
  'member.anonQueryList': spec({
    method: 'POST',
    access: 'teacher',
    summary: '按完整手机号或用户名查找会员（姓名、手机号打码）',
    query: pageQueryOf(ANON_SORT),
    body: anonQueryBody,
    response: pageOf(anonMemberItem),
  }),
});

export const memberAdminCalls = {
  ...defineCalls({
    'member.configRoles': spec({
      method: 'PUT',
      access: 'orgAdmin',
      summary: '设置成员角色（学员、家长、教师、机构管理员）与本机构的自定义角色；不能改本人',
      body: configRolesBody,
      response: memberItem,
    }),
  }),
  ...lifecycleCalls(memberResource, {
    area: 'app',
    access: 'orgAdmin',
    ops: ['pass', 'reject'],
    note: '成员审核：机构开启审核时，教师添加的成员等待机构管理员通过',
  }),
  ...defineCalls({
    'member.generateMemberCardById': spec({
      method: 'GET',
      access: 'teacher',
      summary: '生成学员证（卡号与校验码，可打印）',
      query: z.strictObject({ id: f.id }),
      response: memberCard,
    }),
    'member.queryByMobile': spec({
      method: 'GET',
      access: 'teacher',
      summary: '按手机号查找可见范围内的成员',
      query: mobileQuery,
      response: z.array(memberItem),
    }),
    'member.queryPointsRanking': spec({
      method: 'GET',
      access: 'member',
      summary: '积分排行（本机构；平台管理员全平台）',
      query: pointsRankingQuery,
      response: z.array(pointsRankingRow),
    }),
    'member.queryStatistics': spec({
      method: 'GET',
      access: 'teacher',
      summary: '成员统计：各角色人数、待审核、停用、本月新增、近 7 天活跃',
      response: memberStatistics,
    }),
    'bms.member.queryMemberTeacherList': spec({
      method: 'GET',
      access: 'platformAdmin',
      summary: '一名学员的教师（通过班级或直接绑定）',
      query: memberIdQuery,
      response: z.array(memberTeacherRow),
    }),
  }),
};
