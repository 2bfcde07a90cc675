/**
 * The judge queue: Postgres-backed jobs with leases (docs/decisions/judging-and-sandbox.md, "Judge
 * queue").
 */
export * from './jobs.ts';
export * from './queue.ts';
export { PgListener, subscribeJobUpdates } from './notifications.ts';
export type {
  JobUpdateSubscription,
  ListenerOptions,
  NotificationSource,
} from './notifications.ts';
export * from './worker.ts';
