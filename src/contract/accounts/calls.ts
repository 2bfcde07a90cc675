import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';

const authLimit = { max: 10, timeWindowMs: 60_000 };
const codeLimit = { max: 5, timeWindowMs: 60_000 };

export const memberRole = z.enum(['student', 'parent', 'teacher', 'orgAdmin']);
export type MemberRole = z.infer<typeof memberRole>;

/** The session's identity: the member (account in one organization) plus its login user. */
export const currentUser = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  role: memberRole,
  organizationId: z.number().int(),
  organizationName: z.string(),
  platformAdmin: z.boolean(),
  /**
   * An admin reset the password (user/resetPwd): until it is changed (member/updatePwd) the
   * session may do nothing else.
   */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const teacherAccount = z.object({
  id: z.number().int(),
  nickname: z.string(),
  role: memberRole,
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type TeacherAccount = z.infer<typeof teacherAccount>;

const codeRequest = {
  captchaId: f.captchaId,
  captchaCode: f.captchaCode,
  purpose: z.enum(['login', 'register', 'bind']).default('login'),
};

export const right = z.object({ code: z.string(), name: z.string() });

export const devInboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  target: z.string(),
  body: z.string(),
  createdAt: f.isoTime,
});

export const accounts = defineCalls({
  getImageCaptcha: {
    method: 'GET',
    access: 'public',
    summary: '获取图形验证码（SVG 图片）',
    query: z.strictObject({ width: f.wholeNumber(80, 400).optional() }),
    response: z.object({ captchaId: z.string(), image: z.string(), expiresAt: f.isoTime }),
    rateLimit: { max: 30, timeWindowMs: 60_000 },
  },
  checkImageCaptcha: {
    method: 'POST',
    access: 'public',
    summary: '校验图形验证码；通过后该验证码可用于一次发送验证码或注册',
    body: z.strictObject({ captchaId: f.captchaId, code: f.captchaCode }),
    response: z.object({ valid: z.literal(true) }),
    rateLimit: authLimit,
  },
  getSmsCode: {
    method: 'POST',
    access: 'public',
    summary: '发送短信验证码（需先通过图形验证码）',
    body: z.strictObject({ mobile: f.mobile, ...codeRequest }),
    response: z.object({ sent: z.literal(true), expiresAt: f.isoTime }),
    rateLimit: codeLimit,
  },
  getEmailCode: {
    method: 'POST',
    access: 'public',
    summary: '发送邮箱验证码（需先通过图形验证码）',
    body: z.strictObject({ email: f.email, ...codeRequest }),
    response: z.object({ sent: z.literal(true), expiresAt: f.isoTime }),
    rateLimit: codeLimit,
  },
  registerByPwd: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary: '用户名密码注册（需图形验证码），注册后即登录，加入公开机构为学生',
    body: z.strictObject({
      username: f.username,
      password: f.password,
      nickname: f.nickname,
      captchaId: f.captchaId,
      captchaCode: f.captchaCode,
    }),
    response: currentUser,
    rateLimit: authLimit,
  },
  loginByPwd: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary: '用户名（或手机号）密码登录',
    body: z.strictObject({
      username: z.string().trim().min(1, '请输入用户名').max(64),
      password: z.string().min(1, '请输入密码').max(64),
      // Needed once the login brake holds the account (CAPTCHA_REQUIRED); otherwise unused.
      captchaId: f.captchaId.optional(),
      captchaCode: f.captchaCode.optional(),
    }),
    response: currentUser,
    rateLimit: authLimit,
  },
  loginByMobile: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary: '手机号验证码登录',
    body: z.strictObject({ mobile: f.mobile, code: f.smsCode }),
    response: currentUser,
    rateLimit: authLimit,
  },
  queryCurrent: {
    method: 'GET',
    access: 'member',
    summary: '当前登录用户',
    response: currentUser,
  },
  verify: {
    method: 'GET',
    access: 'public',
    summary: '会话是否有效',
    response: z.object({ valid: z.boolean(), expiresAt: f.isoTime.nullable() }),
  },
  logout: {
    method: 'GET',
    access: 'public',
    identity: true,
    summary: '退出登录并吊销会话',
    response: z.object({ loggedOut: z.literal(true) }),
  },
  switchOrganization: {
    method: 'POST',
    access: 'member',
    identity: true,
    summary: '切换到本人在另一机构的账号',
    body: z.strictObject({ memberId: f.id }),
    response: currentUser,
  },
  'oj.member.queryCurrent': {
    method: 'GET',
    access: 'member',
    summary: '当前会员',
    response: currentUser,
  },
  'oj.member.queryCurrentRights': {
    method: 'GET',
    access: 'member',
    summary: '当前会员的权益（来自有效会员卡）',
    response: z.object({
      rights: z.array(right),
      vip: z.boolean(),
      expireDate: f.isoTime.nullable(),
    }),
  },
  'oj.member.queryMineTeacherList': {
    method: 'GET',
    access: 'member',
    summary: '本人的其他教师账号（id 与当前账号不同）',
    response: z.array(teacherAccount),
  },
  'bms.devInbox.queryList': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '开发收件箱：默认发送器发出的短信与邮件验证码',
    query: z.strictObject({ limit: f.wholeNumber(1, 200).default(50) }),
    response: z.array(devInboxMessage),
  },
});
