/**
 * Adding people to an organization (server/organization/people-write.ts, member-import.ts): one
 * member, a batch, the xlsx import and its template, and the registration of new users — each
 * row with its own outcome.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { downloadedFile } from '../question/common.ts';
import { staffInvitationItem } from './invitations.ts';
import { memberCreate, memberItem, memberRowInput, profileFields } from './members.ts';

/** A member just created: the generated password is shown this once (null when not generated). */
export const memberCreated = memberItem.extend({ initialPassword: z.string().nullable() });
/**
 * A single add: the account made (or linked, in the same organization), or — for someone
 * registered in another organization — the invitation waiting for them (issue 25 item 13).
 */
export const memberCreateAnswer = z.union([
  memberCreated.extend({ invitation: z.null().default(null) }),
  z.object({ invitation: staffInvitationItem, message: z.string() }),
]);

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

const createMember = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `新建${who}（手机号已注册则为该用户加开本机构账号）；未填密码时生成初始密码，仅此一次返回`,
    body: memberCreate,
    response: memberCreateAnswer,
  });
const batchCreate = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '批量新建学员：逐行结果（新建、关联已有用户、拒绝及原因与列）；dryRun 只检查；有效行在一个事务内全部写入',
    body: batchMembersBody,
    response: batchMembersAnswer,
  });

export const addPeopleCalls = defineCalls({
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
    body: importMembersBody,
    response: batchMembersAnswer,
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
    body: batchRegisterBody,
    response: batchMembersAnswer,
  }),
});
