/**
 * Answer status fanned out to the event streams of one API process. One LISTEN connection
 * (subscribeJobUpdates) however many learners are watching; and per followed job, one read of
 * the answer's small status row per change (readJobAnswerStatus: no code, no results), shared
 * by every stream following it and throttled (throttled-reader.ts), so a hundred-case run
 * watched from twenty tabs costs a handful of reads rather than two thousand full rows.
 */
import type { StatusEvent } from '../../contract/member-question/calls.ts';
import type { Pool } from '../db/pool.ts';
import { subscribeJobUpdates } from '../judge-queue/index.ts';
import type { JobUpdateSubscription } from '../judge-queue/index.ts';
import { readJobAnswerStatus } from './answers.ts';
import { throttledReader, type Clock, type ThrottledReader } from './throttled-reader.ts';

/** At most one status read (and one progress event) per job this often. */
export const STATUS_THROTTLE_MS = 150;

export interface Follower {
  /** The followed answer's status now (the same status may arrive twice). */
  status(event: StatusEvent): void;
  /** The process is shutting down, or the status cannot be read: end the stream. */
  closed(): void;
}

export type StatusReader = (jobId: number) => Promise<StatusEvent | null>;

interface Channel {
  followers: Set<Follower>;
  reader: ThrottledReader;
}

export class JobStatusHub {
  private readonly channels = new Map<number, Channel>();
  private subscription: Promise<JobUpdateSubscription> | undefined;
  private closing = false;
  /** Status reads made so far, and change notifications for followed jobs (bench, tests). */
  reads = 0;
  notifications = 0;

  constructor(
    private readonly pool: Pool,
    private readonly readStatus: StatusReader = (jobId) => readJobAnswerStatus(pool, jobId),
    private readonly clock?: Clock,
  ) {}

  /**
   * Follows a job's answer; resolves once listening, then reads its current status once (shared
   * with whoever follows it too), so a late follower misses nothing. Returns the unfollow.
   */
  async follow(jobId: number, follower: Follower): Promise<() => void> {
    if (this.closing) throw new Error('status hub is closed');
    this.subscription ??= subscribeJobUpdates(this.pool, (id) => this.changed(id), {
      onReconnect: () => this.channels.forEach((channel) => channel.reader.changed()),
    });
    this.subscription.catch(() => (this.subscription = undefined));
    await this.subscription;
    const channel = this.channels.get(jobId) ?? this.open(jobId);
    channel.followers.add(follower);
    channel.reader.changed();
    return () => {
      channel.followers.delete(follower);
      if (channel.followers.size === 0 && this.channels.get(jobId) === channel) {
        channel.reader.stop();
        this.channels.delete(jobId);
      }
    };
  }

  private changed(jobId: number): void {
    const channel = this.channels.get(jobId);
    if (!channel) return;
    this.notifications += 1;
    channel.reader.changed();
  }

  private open(jobId: number): Channel {
    const followers = new Set<Follower>();
    const reader = throttledReader<StatusEvent | null>({
      intervalMs: STATUS_THROTTLE_MS,
      clock: this.clock,
      read: () => {
        this.reads += 1;
        return this.readStatus(jobId);
      },
      onValue: (event) => {
        for (const follower of [...followers]) {
          if (event) follower.status(event);
          else follower.closed();
        }
      },
      onError: () => [...followers].forEach((follower) => follower.closed()),
    });
    const channel = { followers, reader };
    this.channels.set(jobId, channel);
    return channel;
  }

  /** Ends every stream and gives back the listening connection. */
  async close(): Promise<void> {
    this.closing = true;
    for (const channel of this.channels.values()) {
      channel.reader.stop();
      channel.followers.forEach((f) => f.closed());
    }
    this.channels.clear();
    const subscription = await this.subscription?.catch(() => undefined);
    await subscription?.unsubscribe();
  }
}

const hubs = new WeakMap<Pool, JobStatusHub>();

/** The hub of the process using `pool`, made on first use. */
export function statusHubFor(pool: Pool): JobStatusHub {
  let hub = hubs.get(pool);
  if (!hub) hubs.set(pool, (hub = new JobStatusHub(pool)));
  return hub;
}

/** Closes the hub of `pool`, if one was made; before the HTTP server closes (streams end). */
export async function closeStatusHub(pool: Pool): Promise<void> {
  const hub = hubs.get(pool);
  hubs.delete(pool);
  await hub?.close();
}
