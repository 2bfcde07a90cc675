/**
 * Hands every recorded call's entry to the recorder once it has answered, whatever the answer
 * (contract/sys-log/recorded.ts says which calls). After the answer, so a refused call is
 * recorded as refused and recording never holds a call up.
 */
import type { FastifyInstance } from 'fastify';
import type { CallDef } from '../../contract/call.ts';
import { sysLogKindOf } from '../../contract/sys-log/recorded.ts';
import type { SysLogKind } from '../../contract/sys-log/recorded.ts';
import { traceOf } from '../http/call-trace.ts';
import { entryOf } from './entry.ts';
import type { SysLogRecorder } from './recorder.ts';

export function installSysLog(
  app: FastifyInstance,
  calls: readonly CallDef[],
  recorder: SysLogRecorder,
  recording: () => boolean = () => true,
): void {
  const kinds = new Map<string, SysLogKind>();
  for (const call of calls) {
    const kind = sysLogKindOf(call);
    if (kind) kinds.set(call.id, kind);
  }
  app.addHook('onResponse', async (request, reply) => {
    const trace = traceOf(request);
    const kind = trace && kinds.get(trace.call.id);
    if (!trace || !kind || !recording()) return;
    try {
      recorder.record(
        entryOf({
          trace,
          kind,
          params: request.params,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          requestId: String(request.id),
          status: reply.statusCode,
          elapsedMs: reply.elapsedTime,
          now: Date.now(),
        }),
      );
    } catch (err) {
      // The answer has gone; what failed is only its entry, which says so in the process log.
      request.log.error({ err, callId: trace.call.id }, '系统日志条目无法生成');
    }
  });
  app.addHook('onClose', async () => {
    await recorder.close();
  });
}
