/**
 * Dictionaries (docs/product-rules.md#the-call-catalogue `dict`): a code with its items (value → label). Platform staff write
 * them; built-in ones (the codes the system reads: gradeStatus, courseTag …) cannot be deleted,
 * renamed, or lose items, and their item values are fixed, since rows store them.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';

export const dictItem = z.object({ value: z.string(), label: z.string() });

export const dictCode = z
  .string()
  .trim()
  .min(1, '字典编码不能为空')
  .max(64, '字典编码最多 64 个字符')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '字典编码须以字母开头，只含字母、数字和下划线');

const dictFields = {
  code: dictCode,
  name: z.string().trim().min(1, '字典名称不能为空').max(50, '字典名称最多 50 个字符'),
  description: z.string().trim().max(200, '说明最多 200 个字符').default(''),
};

export const dictCreate = z.strictObject(dictFields);
export const dictUpdate = z.strictObject({ id: f.id, ...dictFields });

export const dictRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  itemCount: z.number().int(),
  updatedAt: f.isoTime,
});

const itemFields = {
  value: z.string().trim().min(1, '字典项的值不能为空').max(64, '字典项的值最多 64 个字符'),
  label: z.string().trim().min(1, '字典项的名称不能为空').max(50, '字典项的名称最多 50 个字符'),
  sort: z
    .number()
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(1_000_000, '排序最大 1000000')
    .default(0),
  /** A disabled item is not offered any more (queryByValue) but keeps its label for staff. */
  enabled: z.boolean().default(true),
  description: z.string().trim().max(200, '说明最多 200 个字符').default(''),
};

export const dictItemCreate = z.strictObject({ dictId: f.id, ...itemFields });
export const dictItemUpdate = z.strictObject({ id: f.id, ...itemFields });

export const dictItemRow = z.object({
  id: z.number().int(),
  dictId: z.number().int(),
  value: z.string(),
  label: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  description: z.string(),
});

export const dictFilter = z.strictObject({
  /** Part of the code or the name. */
  keyword: z.string().trim().max(64).optional(),
  builtIn: z.boolean().optional(),
});

export const DICT_SORT = ['code', 'name', 'updatedAt'] as const;

export const dict = defineCalls({
  'dict.queryByValue': {
    method: 'GET',
    skipErrorHandler: true,
    access: 'public',
    summary: '按字典编码查询启用的字典项（客户端按编码缓存，失败静默返回空列表）',
    query: z.strictObject({ value: z.string().trim().min(1, '请提供字典编码').max(64) }),
    response: z.object({ value: z.string(), name: z.string(), itemList: z.array(dictItem) }),
  },
  'dict.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建字典（编码唯一）',
    body: dictCreate,
    response: dictRow,
  },
  'dict.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改字典（内置字典的编码不可改）',
    body: dictUpdate,
    response: dictRow,
  },
  'dict.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除字典及其字典项（内置字典不可删除）',
    body: idBody,
    response: deletedAnswer,
  },
  'dict.createItem': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建字典项（同一字典内值唯一）',
    body: dictItemCreate,
    response: dictItemRow,
  },
  'dict.updateItem': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改字典项（内置字典的字典项值不可改）',
    body: dictItemUpdate,
    response: dictItemRow,
  },
  'dict.deleteItem': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除字典项（内置字典的字典项不可删除，可停用）',
    body: idBody,
    response: deletedAnswer,
  },
  'dict.queryItemList': {
    method: 'POST',
    access: 'public',
    summary: '按字典 id 或编码查询字典项（按排序）；平台管理员含停用项，其他人只见启用项',
    body: z
      .strictObject({ dictId: f.id.optional(), code: dictCode.optional() })
      .refine((b) => (b.dictId === undefined) !== (b.code === undefined), {
        message: '请提供字典 id 或字典编码之一',
        path: ['dictId'],
      }),
    response: z.array(dictItemRow),
  },
  'dict.queryList': {
    method: 'POST',
    access: 'member',
    summary: '分页查询字典（教师、机构管理员与平台管理员）',
    query: pageQueryOf(DICT_SORT),
    body: dictFilter,
    response: pageOf(dictRow),
  },
  'dict.queryBuildInList': {
    method: 'POST',
    access: 'member',
    summary: '列出内置字典（系统按编码读取的字典；教师、机构管理员与平台管理员）',
    body: z.strictObject({}),
    response: z.array(dictRow),
  },
});
