/**
 * Replies being generated, keyed by the reply's id. Generation lives here, on the server,
 * independent of any connection: a reader that goes away loses nothing, and one that comes back
 * replays what it missed. The reply row is the truth — its text and its deltas are written to
 * the database as they grow (every FLUSH_MS), and its end, its status and its charge are one
 * transaction — while this registry only fans the live deltas out to the readers of this process.
 *
 * Each reply row names the API process generating it (`owner`, server/instance.ts). A reply
 * whose process is gone — stopped, or killed mid-stream — is marked failed, uncharged, by the
 * other processes within seconds and at the next start (recoverInterrupted). One that is
 * streaming in the database but not live in its own process — its start or its end could not be
 * stored — is an orphan: the next question, a stop or a reader ends it failed, uncharged
 * (endOrphan), so nothing waits on it for ever. A stop asked through another process reaches
 * the owner (askToStop).
 */
import type { AiDoneEvent, AiMessageStatus } from '../../contract/ai/calls.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { balanceOf, ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { PgListener } from '../db/pg-listener.ts';
import { ownerGone } from '../instance.ts';
import type { Logger } from '../logger.ts';
import { aiConfigFromEnv, providerOf, type AiConfig } from './config.ts';
import { AiProviderError, type AiModelProvider, type GenerateRequest } from './providers/types.ts';
import { countTokens } from './tokens.ts';

/** How often a growing reply's new text is written to its row. */
const FLUSH_MS = 200;

export interface StreamListener {
  delta(seq: number, text: string): void;
  done(event: AiDoneEvent): void;
  /** The reply's end could not be stored: the reader is let go without a `done`. */
  drop(): void;
}

/** Waits before each new try to store a reply's end (a database restarting, a lost connection). */
const FINISH_RETRIES_MS = [500, 2000, 5000];

interface Live {
  replyId: number;
  memberId: number;
  deltas: string[];
  flushed: number;
  listeners: Set<StreamListener>;
  abort: AbortController;
  /** Resolves with the done event once the reply's end is committed. */
  finished: Promise<AiDoneEvent>;
  flushing: Promise<void>;
  timer: NodeJS.Timeout | undefined;
  /** When the last reader left (or the reply started without one); null while one follows. */
  unfollowedAt: number | null;
}

/** Why generation was aborted from outside the provider. */
class Stopped extends Error {}
class ShuttingDown extends Error {}
/** Nobody has followed the reply for config.noReaderStopMs: stopped, charged what was made. */
class NoReader extends Stopped {}

export const INTERRUPTED_MESSAGE = '服务重启，回答被中断（未扣除 AI 额度），请重新提问';
const SHUTDOWN_MESSAGE = '服务正在停止，回答被中断（未扣除 AI 额度），请稍后重新提问';
export const ORPHANED_MESSAGE = '回答在服务端中断（未扣除 AI 额度），请重新提问';
const noReaderMessage = (ms: number) =>
  `页面关闭超过 ${Math.round(ms / 1000)} 秒，回答已停止，只按已生成的部分扣除 AI 额度`;

export class AiRegistry {
  private readonly live = new Map<number, Live>();
  /** Reply rows inserted by a transaction not yet committed, or committed and not yet started. */
  private readonly reserved = new Set<number>();
  readonly provider: AiModelProvider;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    readonly config: AiConfig,
    provider?: AiModelProvider,
  ) {
    this.provider = provider ?? providerOf(config);
  }

  /** Generated here (or about to be): a streaming row that is not is an orphan. */
  isLive(replyId: number): boolean {
    return this.live.has(replyId) || this.reserved.has(replyId);
  }

  /**
   * Claims a reply row inside the transaction that inserts it, so that from its commit on no
   * other request takes it for an orphan before start(); release() if the transaction fails.
   */
  reserve(replyId: number): void {
    this.reserved.add(replyId);
  }

  release(replyId: number): void {
    this.reserved.delete(replyId);
  }

  /** Starts generating a stored reply; returns at once. */
  start(replyId: number, memberId: number, request: Omit<GenerateRequest, 'signal'>): void {
    this.reserved.delete(replyId);
    const abort = new AbortController();
    const entry: Live = {
      replyId,
      memberId,
      deltas: [],
      flushed: 0,
      listeners: new Set(),
      abort,
      finished: Promise.resolve(null as never),
      flushing: Promise.resolve(),
      timer: undefined,
      unfollowedAt: Date.now(),
    };
    this.live.set(replyId, entry);
    entry.timer = setInterval(() => {
      this.stopUnread(entry);
      void this.flush(entry);
    }, FLUSH_MS);
    entry.finished = this.run(entry, { ...request, signal: abort.signal });
    // The end is observed by readers and by stop(); a failure to write it is logged there.
    entry.finished.catch(() => undefined);
  }

  /**
   * A reply nobody has read for noReaderStopMs (the tab was closed) is stopped like the stop
   * button would: generation that nobody will read is not charged for in full.
   */
  private stopUnread(entry: Live): void {
    const since = entry.unfollowedAt;
    if (since === null || entry.abort.signal.aborted) return;
    if (Date.now() - since >= this.config.noReaderStopMs) entry.abort.abort(new NoReader());
  }

  private async run(entry: Live, request: GenerateRequest): Promise<AiDoneEvent> {
    let status: Exclude<AiMessageStatus, 'streaming'> = 'done';
    let error: string | null = null;
    try {
      await this.provider.generate(request, (text) => {
        if (entry.abort.signal.aborted) return;
        entry.deltas.push(text);
        const seq = entry.deltas.length;
        for (const l of entry.listeners) l.delta(seq, text);
      });
    } catch (err) {
      const reason = entry.abort.signal.reason as unknown;
      if (reason instanceof NoReader) {
        status = 'stopped';
        error = noReaderMessage(this.config.noReaderStopMs);
      } else if (reason instanceof Stopped) {
        status = 'stopped';
      } else if (reason instanceof ShuttingDown) {
        status = 'failed';
        error = SHUTDOWN_MESSAGE;
      } else {
        status = 'failed';
        error =
          err instanceof AiProviderError
            ? err.message
            : `生成回答时出错：${(err as Error).message ?? '未知错误'}`;
        if (!(err instanceof AiProviderError)) {
          this.logger.error({ err, replyId: entry.replyId }, 'AI 回答生成出错');
        }
      }
    }
    clearInterval(entry.timer);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const event = await this.finish(entry, status, error);
          for (const l of entry.listeners) l.done(event);
          return event;
        } catch (err) {
          const wait = FINISH_RETRIES_MS[attempt];
          if (wait === undefined) {
            // The row stays `streaming` and is no longer live: an orphan, which the next
            // question, a stop or a reader ends failed, uncharged (endOrphan).
            this.logger.error({ err, replyId: entry.replyId }, 'AI 回答结束时写入失败');
            for (const l of entry.listeners) l.drop();
            throw err;
          }
          this.logger.warn(
            { err, replyId: entry.replyId, wait },
            'AI 回答结束时写入失败，稍后重试',
          );
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      this.live.delete(entry.replyId);
      entry.listeners.clear();
    }
  }

  /** Writes the deltas not yet stored; flushes run one after another. */
  private flush(entry: Live): Promise<void> {
    entry.flushing = entry.flushing
      .then(async () => {
        if (entry.flushed >= entry.deltas.length) return;
        const to = await withTransaction(this.pool, (client) => this.writeDeltas(client, entry));
        // Only once committed: a rolled-back flush is written again by the next one.
        entry.flushed = Math.max(entry.flushed, to);
      })
      .catch((err: Error) =>
        this.logger.warn({ err: err.message, replyId: entry.replyId }, 'AI 回答暂存失败'),
      );
    return entry.flushing;
  }

  /**
   * Writes the deltas after entry.flushed and answers how far the row then goes; the caller
   * advances entry.flushed once its transaction has committed.
   */
  private async writeDeltas(client: PoolClient, entry: Live): Promise<number> {
    const from = entry.flushed;
    const to = entry.deltas.length;
    if (from >= to) return to;
    const texts = entry.deltas.slice(from, to);
    await client.query(
      `INSERT INTO ai_message_deltas (message_id, seq, text)
       SELECT $1, $2 + ord, t FROM unnest($3::text[]) WITH ORDINALITY AS d(t, ord)
       ON CONFLICT DO NOTHING`,
      [entry.replyId, from, texts],
    );
    const appended = await client.query(
      `UPDATE ai_messages SET content = content || $2, seq = $3 WHERE id = $1 AND seq = $4`,
      [entry.replyId, texts.join(''), to, from],
    );
    if (appended.rowCount !== 1) {
      // The row is not where this process thought (a commit whose answer was lost): every
      // delta up to `to` is in the table now, so the text is rebuilt from them.
      await client.query(
        `UPDATE ai_messages SET seq = $2, content = coalesce((SELECT string_agg(text, '' ORDER BY seq)
            FROM ai_message_deltas WHERE message_id = $1 AND seq <= $2), '')
          WHERE id = $1`,
        [entry.replyId, to],
      );
    }
    return to;
  }

  /**
   * The reply's end, in one transaction: the rest of its text, its status, and its charge. A
   * reply that is no longer streaming was finished before (a retry): nothing moves again, and
   * the ledger's idempotency key on the reply id would refuse a second charge anyway.
   */
  private async finish(
    entry: Live,
    status: Exclude<AiMessageStatus, 'streaming'>,
    error: string | null,
  ): Promise<AiDoneEvent> {
    await entry.flushing;
    const text = entry.deltas.join('');
    // What was delivered is what is charged: a provider's own count can include reasoning
    // the learner never sees, or be above zero for an empty answer.
    const counted = status === 'failed' ? 0 : countTokens(text);
    const { event, to } = await withTransaction(this.pool, async (client) => {
      const to = await this.writeDeltas(client, entry);
      const account = ledgerAccount.aiTokens(entry.memberId);
      // The account row's lock serialises this member's charges, so the balance read is the one
      // charged against and no reply takes more than is left.
      const locked = await client.query<{ balance: string }>(
        'SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE',
        [account],
      );
      const balance = Number(locked.rows[0]?.balance ?? 0);
      const charged = Math.min(counted, Math.max(0, balance));
      let message = error;
      if (charged < counted) {
        message = `本次回答计 ${counted} 个 AI 额度，余额只剩 ${charged}，已扣除剩余额度；请购买 AI 额度后继续提问`;
      }
      const ended = await client.query(
        `UPDATE ai_messages SET status = $2, tokens = $3, counted_tokens = $4, error = $5,
                finished_at = now()
          WHERE id = $1 AND status = 'streaming'`,
        [entry.replyId, status, charged, counted, message],
      );
      if (ended.rowCount === 1 && charged > 0) {
        await postJournal(client, {
          idempotencyKey: `aiReply:${entry.replyId}`,
          kind: 'aiReply',
          reason: `AI 助手回答 ${entry.replyId}`,
          actorMemberId: entry.memberId,
          entries: [
            { account, amount: -charged },
            { account: ledgerAccount.aiTokensIssued, amount: charged },
          ],
        });
      }
      const row = await client.query<{
        status: AiDoneEvent['status'];
        tokens: number;
        error: string | null;
      }>('SELECT status, tokens, error FROM ai_messages WHERE id = $1', [entry.replyId]);
      const r = row.rows[0]!;
      const event: AiDoneEvent = {
        messageId: entry.replyId,
        status: r.status,
        tokens: r.tokens,
        balance: await balanceOf(client, account),
        ...(r.error ? { message: r.error } : {}),
      };
      return { event, to };
    });
    entry.flushed = Math.max(entry.flushed, to);
    return event;
  }

  /**
   * Follows a live reply: the deltas after `after` at once, then the new ones, then its end.
   * Answers null when the reply is not live here (it has ended: read it from the database).
   */
  follow(replyId: number, after: number, listener: StreamListener): (() => void) | null {
    const entry = this.live.get(replyId);
    if (!entry) return null;
    // Synchronous: no delta can slip in between the replay and the subscription.
    entry.deltas.forEach((text, i) => {
      if (i + 1 > after) listener.delta(i + 1, text);
    });
    entry.listeners.add(listener);
    entry.unfollowedAt = null;
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0) entry.unfollowedAt = Date.now();
    };
  }

  /** Stops a live reply and waits for its end to be stored; false when it is not live here. */
  async stop(replyId: number): Promise<boolean> {
    const entry = this.live.get(replyId);
    if (!entry) return false;
    entry.abort.abort(new Stopped());
    await entry.finished.catch(() => undefined);
    return true;
  }

  /** Ends every live reply as failed (not charged) and waits for their ends to be stored. */
  async close(): Promise<void> {
    const entries = [...this.live.values()];
    for (const e of entries) e.abort.abort(new ShuttingDown());
    await Promise.all(entries.map((e) => e.finished.catch(() => undefined)));
  }

  /** Live replies (the bench reads it). */
  get size(): number {
    return this.live.size;
  }
}

/**
 * Replies left streaming by a process that is gone (it stopped, or was killed mid-stream and
 * stopped saying it is alive: server/instance.ts): failed, not charged. Run at start and every
 * few seconds by each process; replies of live processes are theirs to end
 * (docs/decisions/scale-out.md "Which process owns what").
 */
export async function recoverInterrupted(pool: Pool, self: string | null = null): Promise<number> {
  // Never this process's own (`self`): a beat delayed by a busy pool is not its death here.
  const { rowCount } = await pool.query(
    `UPDATE ai_messages SET status = 'failed', tokens = 0, error = $1, finished_at = now()
      WHERE status = 'streaming' AND owner IS DISTINCT FROM $2 AND ${ownerGone('owner')}`,
    [INTERRUPTED_MESSAGE, self],
  );
  return rowCount ?? 0;
}

/**
 * This process's own orphans: rows it owns that its registry does not generate (their start or
 * end could not be stored). Ended by its sweep, so a member whose next calls reach other
 * processes is not blocked until one reaches this one.
 */
async function endOwnOrphans(pool: Pool, registry: AiRegistry, self: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM ai_messages WHERE status = 'streaming' AND owner = $1`,
    [self],
  );
  let ended = 0;
  for (const { id } of rows) {
    if (!registry.isLive(id) && (await endOrphan(pool, id, self))) ended += 1;
  }
  return ended;
}

/**
 * Ends a reply row left streaming that no process generates — its start or its end could not be
 * stored here (`self`, this process), or its process is gone: failed, not charged, its stored
 * text kept. A reply another live process generates is left alone. True when this call ended it.
 */
export async function endOrphan(db: Queryable, replyId: number, self: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ai_messages SET status = 'failed', tokens = 0, error = $2, finished_at = now()
      WHERE id = $1 AND status = 'streaming' AND (owner = $3 OR ${ownerGone('owner')})`,
    [replyId, ORPHANED_MESSAGE, self],
  );
  return rowCount === 1;
}

/** Whether another API process, alive, is generating the reply. */
export async function generatedElsewhere(
  db: Queryable,
  replyId: number,
  self: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM ai_messages
      WHERE id = $1 AND status = 'streaming' AND owner <> $2 AND NOT ${ownerGone('owner')}`,
    [replyId, self],
  );
  return rowCount === 1;
}

/** Channel on which a stop asked through one process reaches the process generating the reply. */
const STOP_CHANNEL = 'xinao_ai_stop';

/** Asks every API process to stop the reply; the one generating it does. */
export async function askToStop(pool: Pool, replyId: number): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [STOP_CHANNEL, String(replyId)]);
}

const registries = new WeakMap<Pool, AiRegistry>();
/** What startAi runs beside a platform's registry: the sweep of gone processes' replies, stops. */
const companions = new WeakMap<Pool, { sweep: NodeJS.Timeout; stops: PgListener }>();
/** How often each process ends the replies of processes that are gone. */
const SWEEP_MS = 3_000;

/** Starts the assistant for a platform: recovery first, then a registry on `env`'s settings. */
export async function startAi(
  pool: Pool,
  logger: Logger,
  env: NodeJS.ProcessEnv,
  self: string,
): Promise<AiRegistry> {
  const config = aiConfigFromEnv(env);
  const recovered = await recoverInterrupted(pool, self);
  if (recovered > 0) logger.warn({ replies: recovered }, '上次停止时未完成的 AI 回答已标记为失败');
  const registry = new AiRegistry(pool, logger, config);
  registries.set(pool, registry);
  const sweep = setInterval(() => {
    Promise.all([recoverInterrupted(pool, self), endOwnOrphans(pool, registry, self)]).then(
      ([gone, own]) =>
        gone + own > 0 && logger.warn({ gone, own }, '无进程生成的 AI 回答已标记为失败'),
      (err: Error) => logger.warn({ err: err.message }, '检查无进程生成的 AI 回答失败'),
    );
  }, SWEEP_MS);
  sweep.unref();
  const stops = new PgListener(pool, [STOP_CHANNEL], (_channel, payload) => {
    const id = Number(payload);
    // Live here: stopped. Owned here but not generated (an orphan): ended, uncharged.
    void registry.stop(id).then(
      async (stopped) => {
        if (!stopped && !registry.isLive(id)) await endOrphan(pool, id, self);
      },
      () => undefined,
    );
  });
  stops.connectInBackground();
  companions.set(pool, { sweep, stops });
  logger.info(
    { provider: registry.provider.name, model: registry.provider.model },
    config.openai ? 'AI 助手：使用配置的模型' : 'AI 助手：使用内置判题助教',
  );
  return registry;
}

/** The platform's registry (a platform built without startAi gets one on the environment). */
export function aiFor(pool: Pool, logger: Logger): AiRegistry {
  let registry = registries.get(pool);
  if (!registry) {
    registry = new AiRegistry(pool, logger, aiConfigFromEnv(process.env));
    registries.set(pool, registry);
  }
  return registry;
}

export async function closeAi(pool: Pool): Promise<void> {
  const running = companions.get(pool);
  if (running) {
    clearInterval(running.sweep);
    await running.stops.close();
  }
  await registries.get(pool)?.close();
}
