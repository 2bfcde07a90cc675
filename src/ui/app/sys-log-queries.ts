/** The system log as the platform's staff read it (issue 27 item 3; /admin/sys-log). */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { sysLog as sysLogApi } from '../../contract/sys-log/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type SysLogFilter = CallBody<(typeof sysLogApi)['sysLog.queryList']>;
export type SysLogPage = CallResult<(typeof sysLogApi)['sysLog.queryList']>;

/** The key every page of the log shares, so 刷新 reads them all again. */
export const SYS_LOG_KEY = 'sysLog:';

export function sysLogPage(
  runtime: Runtime,
  filter: SysLogFilter,
  page: number,
): QueryDef<SysLogPage> {
  return staffQuery(runtime, pageKey(`${SYS_LOG_KEY}${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(sysLogApi['sysLog.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'at,desc' },
      body: filter,
    }),
  );
}
