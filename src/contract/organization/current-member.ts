/**
 * The current member about themselves (the bare `member/` paths and `oj`): who they are, their
 * rights, their other teacher accounts, binding WeChat, and their profile.
 */
import { z } from 'zod';
import { currentUser, right, teacherAccount } from '../accounts/calls.ts';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { text } from './common.ts';

/** A WeChat ticket (wx/gzh/code2Session): proof of the WeChat identity to bind. */
export const bindWxBody = z.strictObject({
  ticket: z.string('请提供微信凭证').regex(/^[0-9a-f]{48}$/, '微信凭证格式不正确'),
});
export const profileUpdate = z.strictObject({
  nickname: f.nickname.optional(),
  realName: text('姓名', 20).optional(),
  school: text('学校', 50).optional(),
  gradeLevel: text('年级', 20).optional(),
});

export const currentMemberCalls = defineCalls({
  'member.queryCurrent': spec({
    method: 'GET',
    access: 'member',
    summary: '当前会员',
    response: currentUser,
  }),
  'member.queryCurrentRights': spec({
    method: 'GET',
    access: 'member',
    summary: '当前会员的权益（来自有效会员卡）与可执行的管理操作（菜单与按钮据此显示）',
    response: z.object({
      rights: z.array(right),
      vip: z.boolean(),
      expireDate: f.isoTime.nullable(),
      /**
       * The staff operates (call ids) this session may make now: its built-in role's, or
       * exactly what its custom roles grant (docs/decisions/admin-and-identity.md). Empty for a
       * learner or parent.
       */
      operates: z.array(z.string()),
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
    summary:
      '把微信（公众号凭证）绑定到本人账号，之后可用微信登录；该微信已绑定他人账号时拒绝；本人已绑定其他微信时改绑为这一个',
    body: bindWxBody,
    response: z.object({ bound: z.literal(true) }),
    identity: true,
  }),
  'oj.member.bindWxGzh': spec({
    method: 'POST',
    access: 'member',
    summary:
      '把微信（公众号凭证）绑定到本人账号，之后可用微信登录；该微信已绑定他人账号时拒绝；本人已绑定其他微信时改绑为这一个',
    body: bindWxBody,
    response: z.object({ bound: z.literal(true) }),
    identity: true,
  }),
  'oj.member.update': spec({
    method: 'PUT',
    access: 'member',
    summary: '修改本人资料（昵称、姓名、学校、年级）',
    body: profileUpdate,
    response: currentUser,
  }),
});
