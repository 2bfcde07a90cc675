/**
 * The system log (issue 27 item 3; server/sys-log/): who did what, as whom, to which rows, with
 * which outcome, from where and when. Written by the server around every recorded call
 * (./recorded.ts), never by a call; read and exported by the platform's staff.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { SYS_LOG_KINDS } from './recorded.ts';

export const SYS_LOG_OUTCOMES = ['success', 'failure'] as const;
export const SYS_LOG_OUTCOME_NAMES = { success: '成功', failure: '失败' } as const;

/** The most rows one export writes; more is refused with a request to narrow the filter. */
export const SYS_LOG_EXPORT_LIMIT = 50_000;

/** A target id as recorded: the ids a call was given or made (`{"id": 7, "memberIds": [1, 2]}`). */
const targetValue = z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]);

export const sysLogItem = z.object({
  id: z.number().int(),
  at: f.isoTime,
  kind: z.enum(SYS_LOG_KINDS),
  callId: z.string(),
  /** The operate's name as staff last set it (权限资源), else the call's summary. */
  operateName: z.string(),
  userId: z.number().int().nullable(),
  /** The account as it was named when recorded; for a failed login, the name that was tried. */
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  memberId: z.number().int().nullable(),
  /** The built-in role and the custom roles the caller held, as named then. */
  role: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  targets: z.record(z.string(), targetValue),
  outcome: z.enum(SYS_LOG_OUTCOMES),
  status: z.number().int(),
  /** The refusal's code and message (catalogue errors, docs/protocol.md); null on success. */
  errorCode: z.number().int().nullable(),
  message: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  requestId: z.string(),
  durationMs: z.number().int(),
});
export type SysLogItem = z.infer<typeof sysLogItem>;

const timeOrder = (b: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!f.inOrder(b.from, b.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: '结束时间须晚于开始时间' });
  }
};

export const sysLogFilter = z
  .strictObject({
    /** Username, nickname (a failed login's tried name too) or address contains this. */
    keyword: z.string('关键词须为文字').trim().max(64, '关键词最多 64 个字符').optional(),
    userId: f.id.optional(),
    /** A call id (`role.create`), or its group with a trailing dot (`role.`). */
    callId: z
      .string('操作须为接口 ID')
      .trim()
      .max(120, '接口 ID 最多 120 个字符')
      .regex(/^[A-Za-z0-9_.{} ]*$/, '接口 ID 只含字母、数字、点和下划线')
      .optional(),
    /** A group of the permission tree (资源管理), or a directory: its operates' calls. */
    resourceId: f.id.optional(),
    organizationId: f.id.optional(),
    outcome: z.enum(SYS_LOG_OUTCOMES, '结果须为 success 或 failure').optional(),
    kind: z.enum(SYS_LOG_KINDS, '类型须为 write、export 或 identity').optional(),
    from: f.isoDateTime.optional(),
    to: f.isoDateTime.optional(),
  })
  .superRefine(timeOrder);
export type SysLogFilter = z.infer<typeof sysLogFilter>;

export const SYS_LOG_SORT = ['at'] as const;

export const sysLog = defineCalls({
  'sysLog.queryList': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询系统日志（按人、操作、机构、结果、类型与时间筛选）',
    query: pageQueryOf(SYS_LOG_SORT),
    body: sysLogFilter,
    response: pageOf(sysLogItem),
  }),
  'sysLog.export': spec({
    method: 'POST',
    access: 'platformAdmin',
    responseKind: 'xlsx',
    summary: `导出系统日志（xlsx，按筛选条件，最多 ${SYS_LOG_EXPORT_LIMIT} 行）`,
    body: sysLogFilter,
    response: z.unknown(),
  }),
});
