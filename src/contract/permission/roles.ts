/**
 * Roles that staff configure (server/permission/roles.ts; docs/decisions/admin-and-identity.md,
 * "Roles and permissions"): a name, the organization it belongs to (none: platform-wide), and
 * the operates (call ids) it grants. Built-in roles (平台管理员, 机构管理员, 教师, 学员, 家长)
 * are the accounts' own and are not rows here.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

const roleName = z
  .string('角色名称不能为空')
  .trim()
  .min(1, '角色名称不能为空')
  .max(30, '角色名称最多 30 个字符');
const remark = z.string('备注须为文字').trim().max(200, '备注最多 200 个字符');
const enabled = z.boolean('是否启用须为 true 或 false');

/** A call id as the contract writes it (`edms.homework.queryList`, `DELETE common.file.{fileName}`). */
export const callIdField = z
  .string('操作须为接口 ID')
  .trim()
  .min(1, '操作不能为空')
  .max(120, '接口 ID 最多 120 个字符');

export const roleCreate = z.strictObject({
  name: roleName,
  remark: remark.default(''),
  /**
   * The organization the role belongs to; null or absent: platform-wide when platform staff make
   * it. An organization's admin always makes their own organization's.
   */
  organizationId: f.id.nullable().default(null),
  enabled: enabled.default(true),
});

export const roleUpdate = z.strictObject({
  id: f.id,
  name: roleName,
  remark: remark.default(''),
  enabled,
});

export const roleConfigPerms = z.strictObject({
  id: f.id,
  callIds: z
    .array(callIdField, '操作须为接口 ID 的列表')
    .max(2000, '一次最多设置 2000 项操作')
    .refine((ids) => new Set(ids).size === ids.length, '操作不能重复'),
});

export const roleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  enabled: z.boolean(),
  /** The operates it grants, in contract order. */
  callIds: z.array(z.string()),
  /** Members and platform users holding it. */
  holderCount: z.number().int(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type RoleItem = z.infer<typeof roleItem>;

export const ROLE_SORT = ['name', 'createdAt'] as const;

export const roleCalls = defineCalls({
  'role.create': spec({
    method: 'POST',
    access: 'orgAdmin',
    summary: '新建角色（机构管理员建本机构的角色，平台管理员可建平台角色或任一机构的角色）',
    body: roleCreate,
    response: roleItem,
  }),
  'role.update': spec({
    method: 'PUT',
    access: 'orgAdmin',
    summary: '修改角色的名称、备注与启用；停用后持有者的下一次请求即不再有其操作',
    body: roleUpdate,
    response: roleItem,
  }),
  'role.delete': spec({
    method: 'DELETE',
    access: 'orgAdmin',
    summary: '删除角色；仍有人持有时拒绝',
    body: z.strictObject({ id: f.id }),
    response: z.object({ id: z.number().int() }),
  }),
  'role.queryList': spec({
    method: 'POST',
    access: 'orgAdmin',
    summary: '分页查询角色（机构管理员只见本机构的）',
    query: pageQueryOf(ROLE_SORT),
    body: z.strictObject({
      keyword: z.string().trim().max(30, '关键字最多 30 个字符').optional(),
      organizationId: f.id.optional(),
      /** true: platform-wide roles only; false: organizations' roles only. */
      platformWide: z.boolean('是否平台角色须为 true 或 false').optional(),
      enabled: enabled.optional(),
    }),
    response: pageOf(roleItem),
  }),
  'role.configPerms': spec({
    method: 'PUT',
    access: 'orgAdmin',
    summary: '设置角色的操作权限（整体替换）；机构角色不能超出机构管理员的权限',
    body: roleConfigPerms,
    response: roleItem,
  }),
});
