/**
 * The permission tree's names and order (server/permission/resource-tree.ts): directories and
 * the groups of calls under them (resource/*), and the operates, one per call (resource/operate/*).
 * Staff rename, reorder and regroup; nobody invents a permission that no call checks, nor
 * removes one that a call still checks.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { callIdField } from './roles.ts';

const resourceName = z
  .string('名称不能为空')
  .trim()
  .min(1, '名称不能为空')
  .max(30, '名称最多 30 个字符');
const operateName = z
  .string('名称不能为空')
  .trim()
  .min(1, '名称不能为空')
  .max(60, '操作名称最多 60 个字符');
const sort = f.wholeNumber(0, 99999);

/** Who may be given an operate: an organization's role and the platform's, the platform's only, nobody (every account's own). */
export const grantable = z.enum(['organization', 'platform', 'none']);
export type Grantable = z.infer<typeof grantable>;

export const operateItem = z.object({
  callId: z.string(),
  name: z.string(),
  sort: z.number().int(),
  resourceId: z.number().int(),
  resourceName: z.string(),
  method: z.string(),
  path: z.string(),
  grantable,
});
export type OperateItem = z.infer<typeof operateItem>;

export const resourceItem = z.object({
  id: z.number().int(),
  /** A group's key (`homework`, `member/blacklist`) or a directory's own (`dir:system`). */
  code: z.string(),
  name: z.string(),
  kind: z.enum(['directory', 'group']),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
  operateCount: z.number().int(),
});
export type ResourceItem = z.infer<typeof resourceItem>;

export const RESOURCE_SORT = ['sort', 'name'] as const;
export const OPERATE_SORT = ['sort', 'callId'] as const;

export const resourceTreeCalls = defineCalls({
  'resource.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建目录（接口分组由接口本身产生，不能新建）',
    body: z.strictObject({
      name: resourceName,
      parentId: f.id.nullable().default(null),
      sort: sort.default(0),
    }),
    response: resourceItem,
  }),
  'resource.update': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改目录或接口分组的名称、上级与排序',
    body: z.strictObject({
      id: f.id,
      name: resourceName,
      parentId: f.id.nullable(),
      sort,
    }),
    response: resourceItem,
  }),
  'resource.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除空目录；接口分组与仍有下级的目录不能删除',
    body: z.strictObject({ id: f.id }),
    response: z.object({ id: z.number().int() }),
  }),
  'resource.queryList': spec({
    method: 'POST',
    access: 'orgAdmin',
    summary: '分页查询资源（目录与接口分组），按上级与排序',
    query: pageQueryOf(RESOURCE_SORT),
    body: z.strictObject({
      parentId: f.id.optional(),
      kind: z.enum(['directory', 'group'], '类型须为 directory 或 group').optional(),
      keyword: z.string().trim().max(30, '关键字最多 30 个字符').optional(),
    }),
    response: pageOf(resourceItem),
  }),
  'resource.operate.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '登记接口的操作权限：只收契约中的接口，且每个接口只有一项（启动时已为每个接口登记）',
    body: z.strictObject({
      callId: callIdField,
      name: operateName,
      resourceId: f.id,
      sort: sort.default(0),
    }),
    response: operateItem,
  }),
  'resource.operate.update': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改操作的名称与排序',
    body: z.strictObject({ callId: callIdField, name: operateName, sort }),
    response: operateItem,
  }),
  'resource.operate.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除操作：只能删除契约中已不存在的接口的操作',
    body: z.strictObject({ callId: callIdField }),
    response: z.object({ callId: z.string() }),
  }),
  'resource.operate.queryList': spec({
    method: 'POST',
    access: 'orgAdmin',
    summary: '分页查询操作（每个接口一项），可按资源、关键字与可授予范围筛选',
    query: pageQueryOf(OPERATE_SORT),
    body: z.strictObject({
      resourceId: f.id.optional(),
      keyword: z.string().trim().max(60, '关键字最多 60 个字符').optional(),
      grantable: grantable.optional(),
    }),
    response: pageOf(operateItem),
  }),
});
