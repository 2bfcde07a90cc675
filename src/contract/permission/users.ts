/**
 * The platform's users (issue 27 item 2; server/permission/users.ts): the staff accounts of the
 * platform itself, made and kept by its unlimited admins. A user with a history is disabled,
 * never erased; a reset password is shown once and must be changed at the next login; the
 * platform always keeps one enabled admin whom no platform role limits.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

const status = z.enum(['active', 'disabled'], '状态须为 active 或 disabled');
const roleIds = z
  .array(f.id, '角色须为角色 ID 的列表')
  .max(20, '最多 20 个角色')
  .refine((ids) => new Set(ids).size === ids.length, '角色不能重复');

export const platformUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status,
  /** The password was reset by an admin and is changed at the next login. */
  mustChangePassword: z.boolean(),
  /** The platform roles that limit what the user may do; none: every platform operate. */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lastLoginAt: f.isoTime.nullable(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type PlatformUserItem = z.infer<typeof platformUserItem>;

export const platformUserCreate = z.strictObject({
  username: f.username,
  nickname: f.nickname,
  mobile: f.mobile.optional(),
  email: f.email.optional(),
  /** Absent: one is generated; either way it is shown once and changed at the first login. */
  password: f.password.optional(),
  roleIds: roleIds.default([]),
});
export const platformUserUpdate = z.strictObject({
  id: f.id,
  nickname: f.nickname,
  mobile: f.mobile.nullable(),
  email: f.email.nullable(),
  status,
});

export const USER_SORT = ['username', 'createdAt', 'lastLoginAt'] as const;

export const platformUserCalls = defineCalls({
  'user.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建平台用户（初始密码只显示一次，首次登录须修改）',
    body: platformUserCreate,
    response: platformUserItem.extend({ initialPassword: z.string() }),
  }),
  'user.update': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改平台用户的昵称、手机号、邮箱与状态；停用后其会话立即结束',
    body: platformUserUpdate,
    response: platformUserItem,
  }),
  'user.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除平台用户；有使用记录的只停用、不抹去',
    body: z.strictObject({ id: f.id }),
    response: z.object({ id: z.number().int(), erased: z.boolean() }),
  }),
  'user.queryList': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询平台用户',
    query: pageQueryOf(USER_SORT),
    body: z.strictObject({
      keyword: z.string().trim().max(32, '关键字最多 32 个字符').optional(),
      status: status.optional(),
      roleId: f.id.optional(),
    }),
    response: pageOf(platformUserItem),
  }),
  'user.queryById': spec({
    method: 'GET',
    access: 'platformAdmin',
    summary: '一名平台用户',
    query: z.strictObject({ id: f.id }),
    response: platformUserItem,
  }),
  'user.resetPwd': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '重置平台用户的密码（只显示一次，下次登录须修改）；其会话随之结束',
    body: z.strictObject({ id: f.id, password: f.password.optional() }),
    response: z.object({ id: z.number().int(), password: z.string() }),
  }),
  'user.configRoles': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '设置平台用户的平台角色（整体替换）；没有角色的平台用户可做全部平台操作',
    body: z.strictObject({ id: f.id, roleIds }),
    response: platformUserItem,
  }),
});
