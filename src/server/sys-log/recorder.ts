/**
 * Writes system log entries after their calls have answered (docs/decisions/admin-and-identity.md,
 * "The system log"). A call only hands its entry over; a short timer writes what has gathered in
 * one INSERT, off the request's path, so recording adds no round trip to any call. A write that
 * fails (the database away) keeps its entries and tries again; the calls they describe are
 * already done and stay done. What a process holds when it is killed is the one thing lost, at
 * most one interval's worth.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import type { SysLogEntry } from './entry.ts';

export interface SysLogRecorderOptions {
  /** How long an entry may wait for others to share its INSERT. */
  flushMs?: number;
  /** Entries per INSERT; as many waiting start a write at once. */
  batchSize?: number;
  /** After a failed write, the wait before the next try. */
  retryMs?: number;
  /** Entries held while the database is away; beyond it the oldest go (and are counted). */
  maxPending?: number;
}

const INSERT = `
INSERT INTO sys_log (at, kind, call_id, user_id, username, nickname, member_id, role,
                     organization_id, organization_name, targets, outcome, status, error_code,
                     message, ip, user_agent, request_id, duration_ms)
SELECT e.at, e.kind, e.call_id, e.user_id, COALESCE(u.username, e.tried_name),
       COALESCE(m.nickname, u.nickname), e.member_id,
       e.role || COALESCE((SELECT ' · ' || string_agg(r.name, ' · ' ORDER BY r.id)
                             FROM roles r WHERE r.id = ANY (e.role_ids)), ''),
       e.organization_id, o.name, e.targets, e.outcome, e.status, e.error_code, e.message,
       e.ip, e.user_agent, e.request_id, e.duration_ms
  FROM jsonb_to_recordset($1::jsonb) AS e(
         at timestamptz, kind text, call_id text, user_id integer, tried_name text,
         member_id integer, role text, role_ids integer[], organization_id integer,
         targets jsonb, outcome text, status integer, error_code integer, message text,
         ip text, user_agent text, request_id text, duration_ms integer)
  LEFT JOIN users u ON u.id = e.user_id
  LEFT JOIN members m ON m.id = e.member_id
  LEFT JOIN organizations o ON o.id = e.organization_id
 ORDER BY e.at`;

const row = (e: SysLogEntry) => ({
  at: e.at,
  kind: e.kind,
  call_id: e.callId,
  user_id: e.userId,
  tried_name: e.triedName,
  member_id: e.memberId,
  role: e.role,
  role_ids: e.roleIds,
  organization_id: e.organizationId,
  targets: e.targets,
  outcome: e.outcome,
  status: e.status,
  error_code: e.errorCode,
  message: e.message,
  ip: e.ip,
  user_agent: e.userAgent,
  request_id: e.requestId,
  duration_ms: e.durationMs,
});

export class SysLogRecorder {
  private pending: SysLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private failing = false;
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly retryMs: number;
  private readonly maxPending: number;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    options: SysLogRecorderOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 100;
    this.batchSize = options.batchSize ?? 500;
    this.retryMs = options.retryMs ?? 2_000;
    this.maxPending = options.maxPending ?? 100_000;
  }

  record(entry: SysLogEntry): void {
    this.pending.push(entry);
    if (this.pending.length > this.maxPending) {
      this.pending.shift();
      this.dropped += 1;
    }
    if (this.pending.length >= this.batchSize && !this.failing) void this.flush();
    else this.schedule(this.failing ? this.retryMs : this.flushMs);
  }

  /**
   * Writes everything handed over so far; resolves true once it is all stored, false when the
   * database refused (the entries wait for the next try). Never rejects.
   */
  flush(): Promise<boolean> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const done = this.writing.then(() => this.writePending());
    this.writing = done.then(() => undefined);
    return done;
  }

  /** Writes what is left; called as the server stops. */
  async close(): Promise<void> {
    const stored = await this.flush();
    clearTimeout(this.timer);
    if (!stored) {
      this.logger.error({ entries: this.pending.length }, '系统日志未能写入，进程退出时丢失');
    }
  }

  private schedule(ms: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  private async writePending(): Promise<boolean> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, this.batchSize);
      try {
        await this.pool.query(INSERT, [JSON.stringify(batch.map(row))]);
      } catch (err) {
        if (!this.failing) {
          this.logger.warn(
            { err: (err as Error).message, entries: this.pending.length },
            '系统日志写入失败，稍后重试',
          );
        }
        this.failing = true;
        this.schedule(this.retryMs);
        return false;
      }
      this.pending.splice(0, batch.length);
      if (this.failing) {
        this.failing = false;
        this.logger.info('系统日志恢复写入');
      }
    }
    if (this.dropped > 0) {
      this.logger.error({ entries: this.dropped }, '数据库长时间不可用，丢弃了最早的系统日志');
      this.dropped = 0;
    }
    return true;
  }
}
