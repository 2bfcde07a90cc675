/**
 * The server's clock: what happens because time passed, with no client involved — exam papers
 * handed in at their deadline, judged and settled (exam/clock.ts); homework settled when it
 * closes (homework/clock.ts). Each tick works from rows and the database's clock only, so a
 * restart changes nothing; with several API processes one of them runs each round
 * (db/run-once.ts), the others' clocks skip it.
 */
import type { Pool } from './db/pool.ts';
import { inOneProcess } from './db/run-once.ts';
import { tickExamClock } from './exam/clock.ts';
import { tickHomeworkClock } from './homework/clock.ts';
import type { Logger } from './logger.ts';

export interface ServerClock {
  stop(): Promise<void>;
}

const TICKS = [tickExamClock, tickHomeworkClock];

/** Runs every tick each `intervalMs` until stopped; a round never overlaps the previous one. */
export function startServerClock(pool: Pool, logger: Logger, intervalMs: number): ServerClock {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let queued = false;
  const timer = setInterval(() => {
    // One round at a time, and none queued behind a slow one: ticks work from rows, so a skipped
    // tick loses nothing.
    if (queued) return;
    queued = true;
    running = running.then(() => {
      queued = false;
      if (stopped) return;
      return inOneProcess(pool, 'server-clock', async () => {
        for (const tick of TICKS) {
          if (stopped) return;
          try {
            await tick(pool, logger);
          } catch (err) {
            logger.warn({ err: (err as Error).message }, '服务器时钟运行失败，稍后重试');
          }
        }
      }).catch((err: Error) => logger.warn({ err: err.message }, '服务器时钟运行失败，稍后重试'));
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
