/** sysLog calls (contract/sys-log/). */
import { sysLog } from '../../contract/sys-log/calls.ts';
import { handle } from '../http/handler.ts';
import { exportSysLog, sysLogPage } from './list.ts';

export const sysLogHandlers = [
  handle(sysLog['sysLog.queryList'], async ({ services, body, query }) => {
    // What this process has just recorded (the reader's own last change among it) is listed too.
    await services.sysLog.flush();
    return sysLogPage(services.pool, body, query);
  }),
  handle(sysLog['sysLog.export'], async ({ services, body }) => {
    await services.sysLog.flush();
    return exportSysLog(services.pool, body);
  }),
];
