/**
 * Passwords of an organization's people (server/organization/passwords.ts): staff reset one or
 * reset and export many; a member changes their own.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { downloadedFile } from '../question/common.ts';
import { uniqueIds } from './common.ts';
import { MAX_MEMBER_ROWS } from './people-write.ts';

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

export const passwordCalls = defineCalls({
  'member.exportPwd': spec({
    method: 'POST',
    responseKind: 'xlsx',
    access: 'teacher',
    summary:
      '重置并导出初始密码（xlsx）：只含从未登录的成员，force 时也重置已登录成员（其密码随之改变）',
    body: exportPasswordsBody,
    response: downloadedFile,
  }),
  'member.pwd': spec({
    method: 'POST',
    access: 'teacher',
    summary: '重置成员密码（未填则生成），新密码仅此一次返回',
    body: resetPasswordBody,
    response: resetPasswordAnswer,
  }),
  'member.updatePwd': spec({
    method: 'PUT',
    access: 'member',
    identity: true,
    summary: '修改本人密码（须原密码）；其他会话随之失效',
    body: updatePasswordBody,
    response: z.object({ updated: z.literal(true) }),
  }),
});
