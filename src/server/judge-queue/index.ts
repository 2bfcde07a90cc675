/**
 * The judge queue: Postgres-backed jobs with leases (docs/decisions/judging-and-sandbox.md, "Judge
 * queue").
 */
export * from './jobs.ts';
export * from './queue.ts';
export { subscribeJobUpdates } from './notifications.ts';
export type { JobUpdateSubscription } from './notifications.ts';
export { PgListener } from '../db/pg-listener.ts';
export type { ListenerOptions, NotificationSource } from '../db/pg-listener.ts';
export * from './worker.ts';
