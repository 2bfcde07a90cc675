/**
 * The shapes of organizations and the people in them (issue 8 items 1–2): organizations and
 * their admission, members (learners and parents) with batch creation and xlsx import, teachers
 * and teaching groups, and the cards an organization's members hold. The calls are in ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { memberRole, right } from '../accounts/calls.ts';

const text = (what: string, max: number) => z.string().trim().max(max, `${what}最多 ${max} 个字符`);
const required = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}至少 ${min} 个字符`).max(max, `${what}最多 ${max} 个字符`);
const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** A review state as rows carry it (a row is never stored as `none`). */
export const reviewState = z.enum(['reviewing', 'passed', 'rejected']);
export const activeStatus = z.enum(['active', 'disabled']);

// ——— Organizations ———

export const organizationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  address: z.string(),
  isPublic: z.boolean(),
  status: activeStatus,
  state: reviewState,
  reviewReason: z.string().nullable(),
  memberApproval: z.boolean(),
  homeworkReview: z.boolean(),
  /** 考试审核: the organization's exams and exam papers wait for platform review. */
  examReview: z.boolean(),
  applicantName: z.string().nullable(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
  gradeCount: z.number().int(),
  createdAt: f.isoTime,
});
export type OrganizationItem = z.infer<typeof organizationItem>;
export const organizationSimpleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  state: reviewState,
});

const organizationFields = {
  name: required('机构名称', 2, 50),
  shortName: text('简称', 20).default(''),
  description: text('简介', 2000).default(''),
  contactName: required('联系人', 1, 20),
  contactMobile: f.mobile,
  address: text('地址', 200).default(''),
  memberApproval: z.boolean().default(false),
  homeworkReview: z.boolean().default(false),
  examReview: z.boolean().default(true),
};
/**
 * Applying (edms) or creating (bms). Platform staff may name the first admin by the mobile of a
 * registered user; an applicant becomes the first admin themselves when passed.
 */
export const organizationCreate = z.strictObject({
  ...organizationFields,
  adminMobile: f.mobile.optional(),
});
export const organizationUpdate = z.strictObject({
  id: f.id,
  name: organizationFields.name.optional(),
  shortName: text('简称', 20).optional(),
  description: text('简介', 2000).optional(),
  contactName: organizationFields.contactName.optional(),
  contactMobile: f.mobile.optional(),
  address: text('地址', 200).optional(),
  memberApproval: z.boolean().optional(),
  homeworkReview: z.boolean().optional(),
  examReview: z.boolean().optional(),
  /** Platform staff only. */
  status: activeStatus.optional(),
  isPublic: z.boolean().optional(),
});
export const organizationFilter = z.strictObject({
  keyword: z.string().trim().max(50).optional(),
  state: reviewState.optional(),
  status: activeStatus.optional(),
});
export const ORGANIZATION_SORT = ['id', 'name', 'createdAt'] as const;

/** What the caller's organization may do: the rights of its staff's valid teacher cards. */
export const organizationRights = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  rights: z.array(right),
  vip: z.boolean(),
  expireDate: f.isoTime.nullable(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
});

// ——— Members ———

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
const profileFields = {
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

/** A member just created: the generated password is shown this once (null when not generated). */
export const memberCreated = memberItem.extend({ initialPassword: z.string().nullable() });

export const invitationState = z.enum(['pending', 'accepted', 'declined']);
/** An invitation as staff see it: the invited person masked, never their username. */
export const staffInvitationItem = z.object({
  id: z.number().int(),
  state: invitationState,
  maskedName: z.string(),
  maskedMobile: z.string().nullable(),
  role: memberRole,
  /** What staff entered for the account it makes on acceptance. */
  nickname: z.string(),
  invitedByName: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
/**
 * A single add: the account made (or linked, in the same organization), or — for someone
 * registered in another organization — the invitation waiting for them (issue 25 item 13).
 */
export const memberCreateAnswer = z.union([
  memberCreated.extend({ invitation: z.null().default(null) }),
  z.object({ invitation: staffInvitationItem, message: z.string() }),
]);
/** An invitation as the invited person sees it, in their own account area. */
export const ownInvitationItem = z.object({
  id: z.number().int(),
  state: invitationState,
  organizationName: z.string(),
  role: memberRole,
  invitedByName: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
  /** The account made on acceptance. */
  memberId: z.number().int().nullable(),
});
export type OwnInvitationItem = z.infer<typeof ownInvitationItem>;
export const invitationIdBody = z.strictObject({ id: f.id });
export const INVITATION_SORT = ['id'] as const;
export const invitationFilter = z.strictObject({ state: invitationState.optional() });

export const MAX_MEMBER_ROWS = 500;
export const batchMembersBody = z.strictObject({
  rows: z
    .array(memberRowInput)
    .min(1, '请至少填写一行')
    .max(MAX_MEMBER_ROWS, `一次最多 ${MAX_MEMBER_ROWS} 行`),
  /** Check every row and report, without saving anything. */
  dryRun: z.boolean().default(false),
});
/** The xlsx import: the file part `file` plus this field. */
export const importMembersBody = z.strictObject({
  dryRun: z.enum(['true', 'false']).default('false'),
});

/**
 * `pending`: the mobile belongs to someone registered in another organization; they were invited
 * and join only when they accept (issue 25 item 13). The row names them masked, as
 * anonQueryList does.
 */
export const batchMemberOutcome = z.enum(['created', 'linked', 'pending', 'refused']);
export const batchMemberRow = z.object({
  /** The row's number: its line in the spreadsheet (header is line 1), or its index + 1. */
  row: z.number().int(),
  /** What the row named: mobile or username. */
  key: z.string(),
  outcome: batchMemberOutcome,
  memberId: z.number().int().nullable(),
  nickname: z.string(),
  /** Shown once, for rows whose password was generated. */
  initialPassword: z.string().nullable(),
  /** The column that failed, for refused rows. */
  field: z.string().nullable(),
  message: z.string(),
  /** A pending row's invitation, with the invited person's name masked. */
  invitation: z
    .object({ id: z.number().int().nullable(), maskedName: z.string() })
    .nullable()
    .default(null),
});
export const batchMembersAnswer = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  linked: z.number().int(),
  pending: z.number().int(),
  refused: z.number().int(),
  rows: z.array(batchMemberRow),
});
export type BatchMembersAnswer = z.infer<typeof batchMembersAnswer>;

/** batchRegister: new login users only; a mobile already registered is refused. */
export const registerRowInput = z.strictObject({
  mobile: f.mobile,
  nickname: f.nickname,
  password: f.password.optional(),
  ...profileFields,
});
export const batchRegisterBody = z.strictObject({
  rows: z
    .array(registerRowInput)
    .min(1, '请至少填写一行')
    .max(MAX_MEMBER_ROWS, `一次最多 ${MAX_MEMBER_ROWS} 行`),
  dryRun: z.boolean().default(false),
});

export const memberIdBody = z.strictObject({ memberId: f.id });
export const memberIdQuery = z.strictObject({ memberId: f.id });
export const mobileQuery = z.strictObject({ mobile: f.mobile });
export const exportPasswordsBody = z.strictObject({
  memberIds: z
    .array(f.id)
    .min(1, '请选择成员')
    .max(MAX_MEMBER_ROWS, `一次最多 ${MAX_MEMBER_ROWS} 人`)
    .refine(uniqueIds, '成员不能重复'),
  /** Also reset members who have logged in (their password changes). */
  force: z.boolean().default(false),
});
export const resetPasswordBody = z.strictObject({ id: f.id, password: f.password.optional() });
export const resetPasswordAnswer = z.object({ id: z.number().int(), password: z.string() });
export const updatePasswordBody = z.strictObject({
  oldPassword: z.string().min(1, '请输入原密码').max(64),
  newPassword: f.password,
});
export const configRolesBody = z.strictObject({ id: f.id, role: memberRole });
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
export const bindWxBody = z.strictObject({ code: z.string().trim().min(1).max(128) });
export const profileUpdate = z.strictObject({
  nickname: f.nickname.optional(),
  realName: text('姓名', 20).optional(),
  school: text('学校', 50).optional(),
  gradeLevel: text('年级', 20).optional(),
});
export const addedToMine = z.object({
  teacherMemberId: z.number().int(),
  memberId: z.number().int(),
});

// ——— Teachers and teaching groups ———

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
export const groupMembersBody = z.strictObject({
  groupId: f.id,
  memberIds: z.array(f.id).min(1, '请选择教师').max(200).refine(uniqueIds, '教师不能重复'),
});
export const groupMembersAnswer = z.object({
  groupId: z.number().int(),
  /** How many of the teachers changed (already in, or already out, are not counted). */
  changed: z.number().int(),
  memberCount: z.number().int(),
});
export const setGroupsBody = z.strictObject({
  memberId: f.id,
  groupIds: z.array(f.id).max(50).refine(uniqueIds, '分组不能重复'),
});

export const teacherGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  memberCount: z.number().int(),
  organizationId: z.number().int(),
  createdAt: f.isoTime,
});
export const teacherGroupSimpleItem = z.object({ id: z.number().int(), name: z.string() });
export const teacherGroupCreate = z.strictObject({
  name: required('分组名称', 1, 32),
  description: text('说明', 200).default(''),
  sort: f.wholeNumber(0, 9999).default(0),
});
export const teacherGroupUpdate = z.strictObject({
  id: f.id,
  name: required('分组名称', 1, 32).optional(),
  description: text('说明', 200).optional(),
  sort: f.wholeNumber(0, 9999).optional(),
});
export const teacherGroupFilter = z.strictObject({ keyword: z.string().trim().max(32).optional() });
export const TEACHER_GROUP_SORT = ['sort', 'id', 'name'] as const;
