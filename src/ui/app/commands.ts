/**
 * Effects that change no machine state, so no statechart models them: exporting the event log
 * as a file, downloading a staff export. (Logging out and switching organization are session commands of the start-up
 * machine: send it LOGOUT or SWITCH_ORGANIZATION.)
 */
import type { CallBody, CallRef } from '../../contract/call.ts';
import { exam as examApi } from '../../contract/exam/refs.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import type { EventLog, SnapshotSource } from '../../streams/event-log.ts';
import type { Transport } from '../../transport/client.ts';

interface CommandDeps {
  eventLog: EventLog;
  transport: Transport;
  /** The root and feature actors alive now, whose states the export records for replay. */
  states: () => SnapshotSource;
  env: { document: Document; now: () => number };
}

export function exportFileName(now: number): string {
  return `xinao-event-log-${new Date(now).toISOString().replace(/[:.]/g, '-')}.json`;
}

export function createCommands({ eventLog, transport, states, env }: CommandDeps) {
  return {
    /** Downloads the orders a staff filter selects as xlsx (a failure shows as a notification). */
    downloadOrders(filter: CallBody<(typeof orderApi)['bms.member.order.download']>): void {
      void transport.call(orderApi['bms.member.order.download'], { body: filter }).catch(() => {});
    },
    /** Downloads an exam's enrollment list with scores as xlsx. */
    downloadExamEnrollments(area: 'bms' | 'edms', examId: number): void {
      void transport
        .call(examApi[`${area}.examEnroll.downloadEnrollList`], { body: { examId } })
        .catch(() => {});
    },
    /**
     * Downloads a staff export (a call answering xlsx: class rosters, homework results,
     * settlements, the import template); the transport saves the file it answers.
     */
    download(call: CallRef, options: { body?: unknown; query?: Record<string, unknown> }): void {
      void transport
        .call(call as (typeof orderApi)['bms.member.order.download'], options as never)
        .catch(() => {});
    },
    /**
     * Downloads the scrubbed event log as JSON (docs/architecture.md, "The event log and replay").
     */
    exportEventLog(): void {
      const doc = env.document;
      const blob = new Blob([eventLog.exportLog(states())], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = doc.createElement('a');
      link.href = url;
      link.download = exportFileName(env.now());
      link.style.display = 'none';
      doc.body.appendChild(link);
      link.click();
      link.remove();
      // Revoked on the next tick: revoking synchronously can cancel the download in Safari.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  };
}
