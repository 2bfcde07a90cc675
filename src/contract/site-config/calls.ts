/**
 * Site settings and texts (issue 9, docs/product-rules.md#the-call-catalogue `common config`): one value per key, written by
 * platform staff. The agreement, about and help pages read their Markdown by key
 * (SITE_TEXT_KEYS); a key marked public answers queryByKey without a staff session.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';
import { CONFIG_KINDS, SITE_TEXT_KEYS } from './keys.ts';

export { CONFIG_KINDS, SITE_TEXT_KEYS };

/** Large enough for a long agreement in Markdown, small enough to answer in one read. */
export const MAX_CONFIG_VALUE = 100_000;

export const configKey = z
  .string()
  .trim()
  .min(1, '键不能为空')
  .max(64, '键最多 64 个字符')
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, '键须以字母开头，只含字母、数字、点、下划线和连字符');

export const configKind = z.enum(CONFIG_KINDS, '类型须为 markdown、text 或 json');

const valueFields = {
  value: z.string().max(MAX_CONFIG_VALUE, `内容最多 ${MAX_CONFIG_VALUE} 个字符`),
  kind: configKind,
  /** Answered by queryByKey to anyone, logged in or not (the pages' texts). */
  isPublic: z.boolean().default(false),
  description: z.string().trim().max(200, '说明最多 200 个字符').default(''),
};

/** A json entry must hold JSON: refused naming body.value, so a page never reads a broken one. */
const jsonValueHolds = (input: { kind: string; value: string }, ctx: z.RefinementCtx) => {
  if (input.kind !== 'json') return;
  try {
    JSON.parse(input.value);
  } catch {
    ctx.addIssue({ code: 'custom', path: ['value'], message: '内容须为合法的 JSON' });
  }
};

export const configCreate = z
  .strictObject({ key: configKey, ...valueFields })
  .superRefine(jsonValueHolds);
/** The key is fixed once created: pages and code find an entry by it (delete and create to rename). */
export const configUpdate = z
  .strictObject({ id: f.id, ...valueFields })
  .superRefine(jsonValueHolds);

export const configItem = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  kind: configKind,
  isPublic: z.boolean(),
  description: z.string(),
  /** Who saved it last (a username), null for the seed. */
  updatedBy: z.string().nullable(),
  updatedAt: f.isoTime,
});

export const configFilter = z.strictObject({
  /** Part of the key or the description. */
  keyword: z.string().trim().max(64).optional(),
  kind: configKind.optional(),
});

export const CONFIG_SORT = ['key', 'updatedAt'] as const;

export const siteConfig = defineCalls({
  'common.config.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建站点设置项（键唯一；json 类型须为合法 JSON）',
    body: configCreate,
    response: configItem,
  },
  'common.config.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改站点设置项的内容、类型、公开与说明（键不可改）',
    body: configUpdate,
    response: configItem,
  },
  'common.config.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除站点设置项',
    body: idBody,
    response: deletedAnswer,
  },
  'common.config.queryByKey': {
    method: 'GET',
    access: 'public',
    summary:
      '按键读取设置项（服务端缓存，写入即失效）；公开项任何人可读，其余仅平台管理员，否则视为不存在',
    query: z.strictObject({ key: configKey }),
    response: configItem,
  },
  'common.config.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询站点设置项（平台管理员）',
    query: pageQueryOf(CONFIG_SORT),
    body: configFilter,
    response: pageOf(configItem),
  },
});
