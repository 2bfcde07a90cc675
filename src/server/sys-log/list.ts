/** The system log as staff read it: a filtered, paged list and its xlsx export. */
import type { PageQuery } from '../../contract/paging.ts';
import { SYS_LOG_EXPORT_LIMIT, SYS_LOG_OUTCOME_NAMES } from '../../contract/sys-log/calls.ts';
import type { SysLogFilter, SysLogItem } from '../../contract/sys-log/calls.ts';
import { SYS_LOG_KIND_NAMES } from '../../contract/sys-log/recorded.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { SortColumns } from '../http/paging.ts';
import { shanghai, xlsxAnswer } from '../http/xlsx.ts';
import { validationError } from '../http/validation-error.ts';
import type { FileAnswer } from '../http/multipart.ts';
import type { SYS_LOG_SORT } from '../../contract/sys-log/calls.ts';

interface SysLogRow {
  id: string;
  at: Date;
  kind: SysLogItem['kind'];
  call_id: string;
  operate_name: string;
  user_id: number | null;
  username: string | null;
  nickname: string | null;
  member_id: number | null;
  role: string;
  organization_id: number | null;
  organization_name: string | null;
  targets: SysLogItem['targets'];
  outcome: SysLogItem['outcome'];
  status: number;
  error_code: number | null;
  message: string | null;
  ip: string;
  user_agent: string | null;
  request_id: string;
  duration_ms: number;
}

const SELECT = `l.id, l.at, l.kind, l.call_id, COALESCE(ro.name, l.call_id) AS operate_name,
  l.user_id, l.username, l.nickname, l.member_id, l.role, l.organization_id,
  l.organization_name, l.targets, l.outcome, l.status, l.error_code, l.message, l.ip,
  l.user_agent, l.request_id, l.duration_ms`;

const SORT: SortColumns<typeof SYS_LOG_SORT> = { at: 'l.at' };

function fromWhere(filter: SysLogFilter, sql: SqlParams): string {
  const where: string[] = [];
  if (filter.keyword) {
    const p = sql.add(containsPattern(filter.keyword));
    where.push(`(l.username ILIKE ${p} OR l.nickname ILIKE ${p} OR l.ip LIKE ${p})`);
  }
  if (filter.userId !== undefined) where.push(`l.user_id = ${sql.add(filter.userId)}`);
  if (filter.callId) {
    // `role.` is the group: every call below it.
    where.push(
      filter.callId.endsWith('.')
        ? `l.call_id LIKE ${sql.add(`${filter.callId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`
        : `l.call_id = ${sql.add(filter.callId)}`,
    );
  }
  if (filter.resourceId !== undefined) {
    // The operates under the resource, however deep its directories go.
    where.push(`l.call_id IN (
      WITH RECURSIVE below (id) AS (
        SELECT ${sql.add(filter.resourceId)}::int
        UNION SELECT r.id FROM resources r JOIN below b ON r.parent_id = b.id)
      SELECT ro.call_id FROM resource_operates ro JOIN below b ON ro.resource_id = b.id)`);
  }
  if (filter.organizationId !== undefined) {
    where.push(`l.organization_id = ${sql.add(filter.organizationId)}`);
  }
  if (filter.outcome) where.push(`l.outcome = ${sql.add(filter.outcome)}`);
  if (filter.kind) where.push(`l.kind = ${sql.add(filter.kind)}`);
  if (filter.from) where.push(`l.at >= ${sql.add(filter.from)}`);
  if (filter.to) where.push(`l.at < ${sql.add(filter.to)}`);
  return `FROM sys_log l LEFT JOIN resource_operates ro ON ro.call_id = l.call_id
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`;
}

const toItem = (r: SysLogRow): SysLogItem => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  kind: r.kind,
  callId: r.call_id,
  operateName: r.operate_name,
  userId: r.user_id,
  username: r.username,
  nickname: r.nickname,
  memberId: r.member_id,
  role: r.role,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  targets: r.targets,
  outcome: r.outcome,
  status: r.status,
  errorCode: r.error_code,
  message: r.message,
  ip: r.ip,
  userAgent: r.user_agent,
  requestId: r.request_id,
  durationMs: r.duration_ms,
});

export async function sysLogPage(db: Queryable, filter: SysLogFilter, query: PageQuery) {
  const sql = new SqlParams();
  const from = fromWhere(filter, sql);
  const page = await pagedRows<SysLogRow>(
    db,
    {
      select: SELECT,
      from,
      params: sql.values,
      order: orderBy(query, SORT, 'l.at DESC', 'l.id DESC'),
    },
    query,
  );
  return { ...page, content: page.content.map(toItem) };
}

const targetsText = (targets: SysLogItem['targets']) =>
  Object.entries(targets)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : value}`)
    .join('；');

export async function exportSysLog(db: Queryable, filter: SysLogFilter): Promise<FileAnswer> {
  const sql = new SqlParams();
  const from = fromWhere(filter, sql);
  const { rows } = await db.query<SysLogRow>(
    `SELECT ${SELECT} ${from} ORDER BY l.at DESC, l.id DESC LIMIT ${SYS_LOG_EXPORT_LIMIT + 1}`,
    sql.values,
  );
  if (rows.length > SYS_LOG_EXPORT_LIMIT) {
    throw validationError([
      {
        field: 'body.from',
        message: `符合条件的日志超过 ${SYS_LOG_EXPORT_LIMIT} 条，请缩小时间范围后再导出`,
      },
    ]);
  }
  return xlsxAnswer(
    '系统日志.xlsx',
    '系统日志',
    [
      { header: '时间', width: 20, value: (r: SysLogRow) => shanghai(r.at) },
      { header: '类型', width: 10, value: (r) => SYS_LOG_KIND_NAMES[r.kind] },
      { header: '操作', width: 24, value: (r) => r.operate_name },
      { header: '接口', width: 30, value: (r) => r.call_id },
      { header: '用户名', value: (r) => r.username ?? '' },
      { header: '昵称', value: (r) => r.nickname ?? '' },
      { header: '角色', width: 20, value: (r) => r.role },
      { header: '机构', width: 20, value: (r) => r.organization_name ?? '' },
      { header: '对象', width: 24, value: (r) => targetsText(r.targets) },
      { header: '结果', width: 8, value: (r) => SYS_LOG_OUTCOME_NAMES[r.outcome] },
      { header: '说明', width: 30, value: (r) => r.message ?? '' },
      { header: 'IP 地址', value: (r) => r.ip },
      { header: '耗时（毫秒）', value: (r) => r.duration_ms },
      { header: '请求 ID', width: 38, value: (r) => r.request_id },
    ],
    rows,
  );
}
