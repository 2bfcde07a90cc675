/**
 * `npm start`: the server with its embedded database, configured from the environment
 * (README "Configuration"). Ctrl-C or SIGTERM stops HTTP, the pool and Postgres, then exits 0.
 */
import { releaseLibrarySignalHandlers } from './db/embedded.ts';
import { startPlatform } from './start.ts';
import type { RunningPlatform } from './start.ts';

const FORCED_EXIT_MS = 15_000;

async function main(): Promise<void> {
  let platform: RunningPlatform;
  try {
    platform = await startPlatform();
  } catch (err) {
    console.error('信奥训练营 failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  }
  // From here on this process owns shutdown (see releaseLibrarySignalHandlers).
  releaseLibrarySignalHandlers();
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    platform.logger.info({ signal }, '正在停止…');
    setTimeout(() => {
      platform.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
    platform.stop().then(
      () => {
        platform.logger.info('已停止');
        process.exit(0);
      },
      (err: unknown) => {
        platform.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);

  const shownPort = platform.port;
  platform.logger.info(`信奥训练营 running at http://localhost:${shownPort}/web/`);
}

void main();
