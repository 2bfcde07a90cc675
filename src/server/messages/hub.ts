/**
 * Unread counts pushed to the bells open in this API process (message.stream). One LISTEN
 * connection whatever the number of bells; a message written by any process (./send.ts)
 * reaches every bell of its member here, and a lost connection is followed by a fresh count
 * for every bell, since what was announced meanwhile is gone.
 */
import { PgListener } from '../db/pg-listener.ts';
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { MESSAGES_CHANNEL } from './send.ts';

export type Bell = () => void;

export class MessageHub {
  private readonly bells = new Map<number, Set<Bell>>();
  private listener: PgListener | undefined;
  private listening: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
  ) {}

  /** Rings `bell` whenever the member's messages change; resolves once listening. */
  async follow(memberId: number, bell: Bell): Promise<() => void> {
    this.listening ??= this.listen();
    await this.listening;
    let bells = this.bells.get(memberId);
    if (!bells) this.bells.set(memberId, (bells = new Set()));
    bells.add(bell);
    return () => {
      bells.delete(bell);
      if (bells.size === 0 && this.bells.get(memberId) === bells) this.bells.delete(memberId);
    };
  }

  /** The member's bells in this process, after a change made here without a message. */
  ring(memberId: number): void {
    this.bells.get(memberId)?.forEach((bell) => bell());
  }

  /** Stops listening; every bell's stream ends with the HTTP server. */
  async close(): Promise<void> {
    this.bells.clear();
    await this.listener?.close();
  }

  private async listen(): Promise<void> {
    this.listener = new PgListener(
      this.pool,
      [MESSAGES_CHANNEL],
      (_channel, payload) => this.ring(Number(payload)),
      {
        onError: (err) => this.logger.warn({ err: err.message }, '消息通知连接断开，正在重连'),
        onReconnect: () => this.bells.forEach((bells) => bells.forEach((bell) => bell())),
      },
    );
    try {
      await this.listener.connect();
    } catch (err) {
      this.listening = undefined;
      throw err;
    }
  }
}

const hubs = new WeakMap<Pool, MessageHub>();

/** The process's one hub for `pool`'s database. */
export function messageHubFor(pool: Pool, logger: Logger): MessageHub {
  let hub = hubs.get(pool);
  if (!hub) hubs.set(pool, (hub = new MessageHub(pool, logger)));
  return hub;
}

/** Closes the hub of `pool`, if one was made; before the HTTP server closes (bells end). */
export async function closeMessageHub(pool: Pool): Promise<void> {
  const hub = hubs.get(pool);
  hubs.delete(pool);
  await hub?.close();
}
