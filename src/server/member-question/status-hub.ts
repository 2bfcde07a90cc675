/**
 * Job status changes fanned out to the event streams of one API process: a single LISTEN
 * connection (subscribeJobUpdates) however many learners are watching, instead of one
 * connection per open stream.
 */
import type { Pool } from '../db/pool.ts';
import { subscribeJobUpdates } from '../judge-queue/index.ts';
import type { JobUpdateSubscription } from '../judge-queue/index.ts';

export interface Follower {
  /** The job's status or progress changed (or the listener reconnected: re-read it). */
  changed(): void;
  /** The process is shutting down: end the stream. */
  closed(): void;
}

export class JobStatusHub {
  private readonly followers = new Map<number, Set<Follower>>();
  private subscription: Promise<JobUpdateSubscription> | undefined;
  private closing = false;

  constructor(private readonly pool: Pool) {}

  /**
   * Follows a job; resolves once listening, so a caller that follows first and then reads the
   * job misses no change. Returns the function that stops following.
   */
  async follow(jobId: number, follower: Follower): Promise<() => void> {
    if (this.closing) throw new Error('status hub is closed');
    this.subscription ??= subscribeJobUpdates(
      this.pool,
      (id) => this.followers.get(id)?.forEach((f) => f.changed()),
      { onReconnect: () => this.followers.forEach((set) => set.forEach((f) => f.changed())) },
    );
    this.subscription.catch(() => (this.subscription = undefined));
    await this.subscription;
    let set = this.followers.get(jobId);
    if (!set) this.followers.set(jobId, (set = new Set()));
    set.add(follower);
    return () => {
      set.delete(follower);
      if (set.size === 0 && this.followers.get(jobId) === set) this.followers.delete(jobId);
    };
  }

  /** Ends every stream and gives back the listening connection. */
  async close(): Promise<void> {
    this.closing = true;
    for (const set of this.followers.values()) set.forEach((f) => f.closed());
    this.followers.clear();
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
