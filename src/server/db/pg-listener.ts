/**
 * LISTEN on a connection of its own, for whatever the database announces on commit: judge job
 * updates (judge-queue/), members' new messages (messages/).
 */
import pg from 'pg';
import { KEEPALIVE_IDLE_MS, type Pool } from './pool.ts';

/** Where a listening connection comes from: a client held from the pool, or its own client. */
export type NotificationSource = Pool | string;

export interface ListenerOptions {
  /** Wait between reconnection attempts after the connection was lost. Default 1 s. */
  retryMs?: number;
  /** A lost connection or a failed reconnection (the listener keeps trying). */
  onError?: (err: Error) => void;
  /**
   * Listening again after a lost connection: notifications sent meanwhile are gone, so the
   * owner should look at the current state once (a worker claims, a stream re-reads its job).
   */
  onReconnect?: () => void;
}

interface HeldConnection {
  client: pg.ClientBase;
  /** Gives the connection back (pool) or closes it (own client); `broken` destroys it. */
  dispose(broken: boolean): Promise<void>;
}

/**
 * A dedicated connection that LISTENs on some channels and comes back by itself when the
 * connection is lost. LISTEN needs a session of its own: a pooled query could run on any
 * connection, and a connection that listens must not go back to the pool while it does.
 */
export class PgListener {
  private held: HeldConnection | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly retryMs: number;

  constructor(
    private readonly source: NotificationSource,
    private readonly channels: readonly string[],
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly options: ListenerOptions = {},
  ) {
    for (const channel of channels) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
    }
    this.retryMs = options.retryMs ?? 1000;
  }

  /** Listens once the first connection succeeds; throws if it fails. */
  async connect(): Promise<void> {
    await this.open();
  }

  /** Like connect(), but a failed first connection is retried in the background too. */
  connectInBackground(): void {
    this.open().catch((err: Error) => this.connectionLost(err));
  }

  /** Stops listening and gives back the connection; safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    await held.client.query('UNLISTEN *').then(
      () => held.dispose(false),
      () => held.dispose(true),
    );
  }

  private async open(): Promise<void> {
    const connection = await connectTo(this.source);
    if (this.closed) {
      await connection.dispose(false);
      return;
    }
    const client = connection.client;
    const onError = (err: Error) => onLost(err);
    const onEnd = () => onLost(new Error('listening connection ended'));
    const onNotification = (message: pg.Notification) => {
      if (!this.closed) this.onNotification(message.channel, message.payload ?? '');
    };
    let disposed = false;
    // Only our own listeners come off again: a pooled client keeps the pool's.
    const held: HeldConnection = {
      client,
      dispose: async (broken) => {
        if (disposed) return;
        disposed = true;
        client.removeListener('error', onError);
        client.removeListener('end', onEnd);
        client.removeListener('notification', onNotification);
        await connection.dispose(broken);
      },
    };
    // Until every LISTEN succeeded, a lost connection is this open()'s failure, not a
    // reconnection's business.
    let listening = false;
    const onLost = (err: Error) => {
      if (this.held !== held) return;
      this.held = undefined;
      void held.dispose(true);
      if (listening) this.connectionLost(err);
    };
    client.on('error', onError);
    client.on('end', onEnd);
    client.on('notification', onNotification);
    this.held = held;
    try {
      for (const channel of this.channels) {
        if (this.held !== held) break;
        await client.query(`LISTEN ${channel}`);
      }
    } catch (err) {
      if (this.held === held) this.held = undefined;
      await held.dispose(true);
      throw err;
    }
    if (this.held !== held) {
      if (this.closed) return;
      throw new Error('listening connection lost while starting');
    }
    listening = true;
  }

  private connectionLost(err: Error): void {
    if (this.closed) return;
    this.options.onError?.(err);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.open().then(
        () => {
          if (!this.closed) this.options.onReconnect?.();
        },
        (retryErr: Error) => this.connectionLost(retryErr),
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }
}

async function connectTo(source: NotificationSource): Promise<HeldConnection> {
  if (typeof source !== 'string') {
    const client = await source.connect();
    return {
      client,
      dispose: async (broken) =>
        client.release(broken ? new Error('listening connection discarded') : undefined),
    };
  }
  // Held for hours like the pool's: the same keepalive (db/pool.ts).
  const client = new pg.Client({
    connectionString: source,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  // An error of our own client must never be unhandled (it would crash the process); open()
  // adds the listener that acts on it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return { client, dispose: () => client.end().catch(() => undefined) };
}
