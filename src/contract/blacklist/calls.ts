/**
 * The blacklist (issue 27 item 6; server/blacklist/): platform staff block a person, with a reason
 * and an optional end. A blocked person cannot sign in (told until when, and why), and every
 * session they had ends at once, so they can neither enroll, pay nor submit; lifting the block
 * or reaching its end restores everything. Entries are kept after they end.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const BLOCK_STATES = ['active', 'ended', 'lifted'] as const;

const reason = z
  .string('请填写拉黑原因')
  .trim()
  .min(1, '请填写拉黑原因')
  .max(200, '原因最多 200 个字符');
/** Absent or null: until lifted. */
const endsAt = f.isoDateTime.nullable();

export const blockItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The account staff picked; the block holds for every account of the person. */
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  organizationName: z.string(),
  reason: z.string(),
  endsAt: f.isoTime.nullable(),
  /** active: in force; ended: its end passed; lifted: staff lifted it. */
  state: z.enum(BLOCK_STATES),
  createdBy: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
  liftedBy: z.string().nullable(),
  liftedAt: f.isoTime.nullable(),
});
export type BlockItem = z.infer<typeof blockItem>;

export const blockCreate = z.strictObject({
  memberId: f.id,
  reason,
  endsAt: endsAt.default(null),
});
export const blockUpdate = z.strictObject({ id: f.id, reason, endsAt });

export const blockFilter = z.strictObject({
  /** Username, nickname or mobile contains this. */
  keyword: z.string('关键词须为文字').trim().max(50, '关键词最多 50 个字符').optional(),
  state: z.enum(BLOCK_STATES, '状态须为 active、ended 或 lifted').optional(),
});

export const BLOCK_SORT = ['createdAt', 'endsAt'] as const;

export const blacklist = defineCalls({
  'member.blacklist.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '拉黑（须填原因，可设解封时间）：其全部会话立即结束，不能登录、报名、支付或提交',
    body: blockCreate,
    response: blockItem,
  }),
  'member.blacklist.update': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改拉黑原因与解封时间',
    body: blockUpdate,
    response: blockItem,
  }),
  'member.blacklist.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '解除拉黑（记录保留）',
    body: z.strictObject({ id: f.id }),
    response: blockItem,
  }),
  'member.blacklist.queryList': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询黑名单',
    query: pageQueryOf(BLOCK_SORT),
    body: blockFilter,
    response: pageOf(blockItem),
  }),
});
