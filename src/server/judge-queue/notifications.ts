import { PgListener } from '../db/pg-listener.ts';
import type { ListenerOptions, NotificationSource } from '../db/pg-listener.ts';
import { UPDATES_CHANNEL } from './jobs.ts';

export interface JobUpdateSubscription {
  unsubscribe(): Promise<void>;
}

/**
 * Calls `onUpdate(jobId)` whenever a job's status or progress changes, for an API process that
 * streams status to clients (read the job with getJob). Resolves once listening, so a caller
 * that subscribes first and then reads the job misses nothing. A lost connection is
 * re-established; `onReconnect` tells the caller to re-read what it follows.
 */
export async function subscribeJobUpdates(
  source: NotificationSource,
  onUpdate: (jobId: number) => void,
  options: ListenerOptions = {},
): Promise<JobUpdateSubscription> {
  const listener = new PgListener(
    source,
    [UPDATES_CHANNEL],
    (_channel, payload) => {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) onUpdate(id);
    },
    options,
  );
  await listener.connect();
  return { unsubscribe: () => listener.close() };
}
