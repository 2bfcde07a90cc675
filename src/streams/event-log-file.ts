/**
 * Reading an exported event log back (a file loaded in the replay view, a download in the
 * browser tests). Apart from ./event-log.ts because it needs zod, which the first screen must
 * not load: only the replay view and tests import this.
 */
import { z } from 'zod';
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, type EventLogExport } from './event-log.ts';
import type { JsonValue } from './json.ts';

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

const eventEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  kind: z.literal('event'),
  actor: z.string(),
  event: z.looseObject({ type: z.string() }),
});

const responseEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  kind: z.literal('response'),
  callId: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  ok: z.boolean(),
  code: z.number().nullable(),
  durationMs: z.number(),
  data: jsonValue.optional(),
  message: z.string().optional(),
});

export const eventLogExportSchema = z.object({
  format: z.literal(EVENT_LOG_FORMAT),
  version: z.literal(EVENT_LOG_VERSION),
  exportedAt: z.number(),
  capacity: z.number().int(),
  dropped: z.number().int(),
  entries: z.array(z.discriminatedUnion('kind', [eventEntrySchema, responseEntrySchema])),
  finalStates: z.record(z.string(), z.object({ value: jsonValue, context: jsonValue })).optional(),
});

/** A log this version of the product cannot replay: exported by an older (or newer) one. */
export class EventLogVersionError extends Error {
  constructor(readonly version: unknown) {
    super(
      `此日志的格式版本为 ${JSON.stringify(version)}，当前只能回放版本 ${EVENT_LOG_VERSION} 的日志；请在当前版本中重新录制并导出`,
    );
    this.name = 'EventLogVersionError';
  }
}

/** Reads an exported log (e.g. a file loaded in the replay view); throws on a malformed one. */
export function parseEventLog(json: string): EventLogExport {
  const raw: unknown = JSON.parse(json);
  if (typeof raw === 'object' && raw !== null && 'format' in raw && 'version' in raw) {
    const { format, version } = raw as { format: unknown; version: unknown };
    if (format === EVENT_LOG_FORMAT && version !== EVENT_LOG_VERSION) {
      throw new EventLogVersionError(version);
    }
  }
  return eventLogExportSchema.parse(raw) as EventLogExport;
}
