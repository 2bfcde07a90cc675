/**
 * Organizations and their people (issue 8 items 1–2; docs/product-rules.md#the-call-catalogue member, §7.3–7.5
 * organization, organizationMember, teacherMember, teacherGroup, member). Organizations,
 * members, teachers and teaching groups are resources from the factory; batch creation, the
 * xlsx import, passwords, roles and approvals are written by hand.
 *
 * Who calls what: `bms` platform staff, across organizations; `edms` a teacher or organization
 * admin in their own organization (a teacher reads and adds learners, their students only; the
 * admin manages teachers, groups and the organization); the un-prefixed `member` calls the
 * same by role; `oj` and the bare `member/` paths the current member about themselves.
 */
import { z } from 'zod';
import { currentUser, right, teacherAccount } from '../accounts/calls.ts';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { downloadedFile } from '../question/common.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

export const organizationResource = defineResource({
  noun: '机构',
  segment: 'organization',
  item: s.organizationItem,
  listItem: s.organizationItem,
  simpleItem: s.organizationSimpleItem,
  create: s.organizationCreate,
  update: s.organizationUpdate,
  filter: s.organizationFilter,
  sortFields: s.ORGANIZATION_SORT,
});

const memberResourceOf = <const Seg extends string>(segment: Seg) =>
  defineResource({
    noun: '学员',
    segment,
    item: s.memberItem,
    listItem: s.memberItem,
    simpleItem: s.memberSimpleItem,
    create: s.memberCreate,
    update: s.memberUpdate,
    filter: s.memberFilter,
    sortFields: s.MEMBER_SORT,
  });
export const organizationMemberResource = memberResourceOf('organizationMember');
export const memberResource = memberResourceOf('member');

export const teacherResource = defineResource({
  noun: '教师',
  segment: 'teacherMember',
  item: s.teacherItem,
  listItem: s.teacherItem,
  simpleItem: s.teacherSimpleItem,
  create: s.teacherCreate,
  update: s.teacherUpdate,
  filter: s.teacherFilter,
  sortFields: s.TEACHER_SORT,
});

export const teacherGroupResource = defineResource({
  noun: '教研分组',
  segment: 'teacherGroup',
  item: s.teacherGroupItem,
  listItem: s.teacherGroupItem,
  simpleItem: s.teacherGroupSimpleItem,
  create: s.teacherGroupCreate,
  update: s.teacherGroupUpdate,
  filter: s.teacherGroupFilter,
  sortFields: s.TEACHER_GROUP_SORT,
});

const READS = ['queryById', 'queryList', 'querySimpleList'] as const;
const crud = ['create', 'update', 'delete', ...READS] as const;

// ——— organization ———

const organizationCalls = {
  ...resourceCalls(organizationResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: crud,
    note: '平台创建的机构直接通过审核',
  }),
  ...lifecycleCalls(organizationResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject'],
    note: '通过后申请人成为机构管理员',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['create'],
    note: '申请开设机构，等待平台审核；被驳回后可修改再次提交',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['update'],
    note: '机构管理员修改本机构；申请人修改被驳回的申请（再次提交审核）',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: READS,
    note: '本机构与本人提交的开设申请',
  }),
  ...defineCalls({
    'edms.organization.queryCurrentRights': spec({
      method: 'GET',
      access: 'teacher',
      summary: '当前机构的权益（机构教师持有的有效教师卡）与人数',
      response: s.organizationRights,
    }),
  }),
};

// ——— organizationMember and member ———

const createMember = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `新建${who}（手机号已注册则为该用户加开本机构账号）；未填密码时生成初始密码，仅此一次返回`,
    body: s.memberCreate,
    response: s.memberCreateAnswer,
  });
const batchCreate = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '批量新建学员：逐行结果（新建、关联已有用户、拒绝及原因与列）；dryRun 只检查；有效行在一个事务内全部写入',
    body: s.batchMembersBody,
    response: s.batchMembersAnswer,
  });

const memberCalls = {
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
  ...defineCalls({
    'bms.organizationMember.create': createMember('platformAdmin', '机构成员'),
    'edms.organizationMember.create': createMember('teacher', '本机构学员'),
    'edms.organizationMember.batchCreate': batchCreate('teacher'),
    'edms.organizationMember.batchImport': spec({
      method: 'POST',
      requestKind: 'multipart',
      access: 'teacher',
      summary:
        '从 xlsx 导入学员（文件字段 file，模板见 downloadTemplate）：逐行结果；dryRun=true 只检查；有效行在一个事务内全部写入',
      rateLimit: { max: 30, timeWindowMs: 60 * 60 * 1000, per: 'account' },
      body: s.importMembersBody,
      response: s.batchMembersAnswer,
    }),
    'edms.organizationMember.downloadTemplate': spec({
      method: 'GET',
      responseKind: 'xlsx',
      access: 'teacher',
      summary: '下载学员导入模板（xlsx，含示例行与各列说明）',
      response: downloadedFile,
    }),
    'bms.member.create': createMember('platformAdmin', '会员'),
    'member.create': createMember('teacher', '学员'),
    'member.batchCreate': batchCreate('teacher'),
    'member.batchRegister': spec({
      method: 'POST',
      access: 'teacher',
      summary: '批量注册新用户为本机构学员（手机号已注册的行拒绝）：逐行结果；dryRun 只检查',
      body: s.batchRegisterBody,
      response: s.batchMembersAnswer,
    }),
    'member.addMemberToMine': spec({
      method: 'POST',
      access: 'teacher',
      summary: '把本机构的一名学员加为本人的学员（教师可查看其作答与报名）',
      body: s.memberIdBody,
      response: s.addedToMine,
    }),
    'member.anonQueryList': spec({
      method: 'POST',
      access: 'teacher',
      summary: '按完整手机号或用户名查找会员（姓名、手机号打码）',
      query: pageQueryOf(s.ANON_SORT),
      body: s.anonQueryBody,
      response: pageOf(s.anonMemberItem),
    }),
    'member.exportPwd': spec({
      method: 'POST',
      responseKind: 'xlsx',
      access: 'teacher',
      summary:
        '重置并导出初始密码（xlsx）：只含从未登录的成员，force 时也重置已登录成员（其密码随之改变）',
      body: s.exportPasswordsBody,
      response: downloadedFile,
    }),
    'member.pwd': spec({
      method: 'POST',
      access: 'teacher',
      summary: '重置成员密码（未填则生成），新密码仅此一次返回',
      body: s.resetPasswordBody,
      response: s.resetPasswordAnswer,
    }),
    'member.updatePwd': spec({
      method: 'PUT',
      access: 'member',
      summary: '修改本人密码（须原密码）；其他会话随之失效',
      body: s.updatePasswordBody,
      response: z.object({ updated: z.literal(true) }),
    }),
    'member.configRoles': spec({
      method: 'PUT',
      access: 'orgAdmin',
      summary: '设置成员角色（学员、家长、教师、机构管理员）；不能改本人',
      body: s.configRolesBody,
      response: s.memberItem,
    }),
    ...lifecycleCalls(memberResource, {
      area: 'app',
      access: 'orgAdmin',
      ops: ['pass', 'reject'],
      note: '成员审核：机构开启审核时，教师添加的成员等待机构管理员通过',
    }),
    'member.generateMemberCardById': spec({
      method: 'GET',
      access: 'teacher',
      summary: '生成学员证（卡号与校验码，可打印）',
      query: z.strictObject({ id: f.id }),
      response: s.memberCard,
    }),
    'member.queryByMobile': spec({
      method: 'GET',
      access: 'teacher',
      summary: '按手机号查找可见范围内的成员',
      query: s.mobileQuery,
      response: z.array(s.memberItem),
    }),
    'member.queryPointsRanking': spec({
      method: 'GET',
      access: 'member',
      summary: '积分排行（本机构；平台管理员全平台）',
      query: s.pointsRankingQuery,
      response: z.array(s.pointsRankingRow),
    }),
    'member.queryStatistics': spec({
      method: 'GET',
      access: 'teacher',
      summary: '成员统计：各角色人数、待审核、停用、本月新增、近 7 天活跃',
      response: s.memberStatistics,
    }),
    'bms.member.queryMemberTeacherList': spec({
      method: 'GET',
      access: 'platformAdmin',
      summary: '一名学员的教师（通过班级或直接绑定）',
      query: s.memberIdQuery,
      response: z.array(s.memberTeacherRow),
    }),
    'member.queryCurrent': spec({
      method: 'GET',
      access: 'member',
      summary: '当前会员',
      response: currentUser,
    }),
    'member.queryCurrentRights': spec({
      method: 'GET',
      access: 'member',
      summary: '当前会员的权益（来自有效会员卡）',
      response: z.object({
        rights: z.array(right),
        vip: z.boolean(),
        expireDate: f.isoTime.nullable(),
      }),
    }),
    'member.queryMineTeacherList': spec({
      method: 'GET',
      access: 'member',
      summary: '本人的其他教师账号（id 与当前账号不同）',
      response: z.array(teacherAccount),
    }),
    'member.bindWxGzh': spec({
      method: 'POST',
      access: 'member',
      summary: '绑定微信公众号（未配置公众号时说明原因并拒绝）',
      body: s.bindWxBody,
      response: z.object({ bound: z.literal(true) }),
    }),
    'oj.member.bindWxGzh': spec({
      method: 'POST',
      access: 'member',
      summary: '绑定微信公众号（未配置公众号时说明原因并拒绝）',
      body: s.bindWxBody,
      response: z.object({ bound: z.literal(true) }),
    }),
    'oj.member.update': spec({
      method: 'PUT',
      access: 'member',
      summary: '修改本人资料（昵称、姓名、学校、年级）',
      body: s.profileUpdate,
      response: currentUser,
    }),
  }),
};

// ——— teacherMember and teacherGroup ———

const teacherCalls = {
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
      body: s.teacherCreate,
      response: s.teacherCreateAnswer,
    }),
    'edms.teacherMember.batchCreate': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '批量新建教师：逐行结果；dryRun 只检查；有效行在一个事务内全部写入',
      body: s.batchTeachersBody,
      response: s.batchMembersAnswer,
    }),
    'edms.teacherMember.addToGroup': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '把教师加入分组',
      body: s.groupMembersBody,
      response: s.groupMembersAnswer,
    }),
    'edms.teacherMember.removeFromGroup': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '把教师移出分组',
      body: s.groupMembersBody,
      response: s.groupMembersAnswer,
    }),
    'edms.teacherMember.setGroups': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '设置一名教师所在的全部分组',
      body: s.setGroupsBody,
      response: s.teacherItem,
    }),
  }),
  ...resourceCalls(teacherGroupResource, {
    area: 'edms',
    access: 'orgAdmin',
    ops: ['create', 'update', 'delete'],
    note: '机构管理员',
  }),
  ...resourceCalls(teacherGroupResource, { area: 'edms', access: 'teacher', ops: READS }),
};

// ——— invitations (issue 25 item 13) ———

const invitationCalls = defineCalls({
  'edms.memberInvitation.queryList': {
    method: 'POST',
    access: 'teacher',
    summary:
      '本机构发出的加入邀请（添加的手机号已在其他机构注册时发出）：被邀请人姓名、手机号打码，不含用户名',
    query: pageQueryOf(s.INVITATION_SORT),
    body: s.invitationFilter,
    response: pageOf(s.staffInvitationItem),
  },
  'oj.memberInvitation.queryList': {
    method: 'POST',
    access: 'member',
    summary: '本人收到的机构加入邀请（待确认在前）',
    query: pageQueryOf(s.INVITATION_SORT),
    body: s.invitationFilter,
    response: pageOf(s.ownInvitationItem),
  },
  'oj.memberInvitation.accept': {
    method: 'PUT',
    access: 'member',
    summary:
      '接受加入邀请：在该机构开通本人账号（沿用本人登录名与密码）；已答复的邀请 TRANSITION_NOT_ALLOWED',
    body: s.invitationIdBody,
    response: s.ownInvitationItem,
  },
  'oj.memberInvitation.decline': {
    method: 'PUT',
    access: 'member',
    summary:
      '拒绝加入邀请：不开通账号，机构看不到本人的任何资料；已答复的邀请 TRANSITION_NOT_ALLOWED',
    body: s.invitationIdBody,
    response: s.ownInvitationItem,
  },
});

export const organization = {
  ...organizationCalls,
  ...memberCalls,
  ...teacherCalls,
  ...invitationCalls,
};
