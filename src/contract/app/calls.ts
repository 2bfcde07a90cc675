/**
 * Application ids (docs/product-rules.md#the-call-catalogue `app`): every request's appid header is checked against the
 * enabled ones (server/app/registry.ts). Platform staff write and list them.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const appIdField = z
  .string('应用 ID 不能为空')
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, '应用 ID 须为 1 到 64 位字母、数字、_ . -');

const appFields = {
  name: z
    .string('应用名称不能为空')
    .trim()
    .min(1, '应用名称不能为空')
    .max(60, '应用名称最多 60 个字符'),
  description: z.string().trim().max(500, '说明最多 500 个字符').default(''),
  enabled: z.boolean('是否启用须为 true 或 false').default(true),
};

export const appCreate = z.strictObject({ appId: appIdField, ...appFields });
export const appUpdate = z.strictObject({ id: f.id, ...appFields });

export const appItem = z.object({
  id: z.number().int(),
  appId: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});

export const APP_SORT = ['appId', 'name', 'createdAt'] as const;

export const app = defineCalls({
  'app.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建应用 ID（请求头 appid 据此校验）',
    body: appCreate,
    response: appItem,
  },
  'app.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改应用（名称、说明、启用）；停用后带此 appid 的请求被拒绝',
    body: appUpdate,
    response: appItem,
  },
  'app.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询应用',
    query: pageQueryOf(APP_SORT),
    body: z.strictObject({
      keyword: z.string().trim().max(64, '关键字最多 64 个字符').optional(),
      enabled: z.boolean('是否启用须为 true 或 false').optional(),
    }),
    response: pageOf(appItem),
  },
});
