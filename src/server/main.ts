/**
 * `npm start`: the server with its embedded database, configured from the environment
 * (README "Configuration"). With API_PROCESSES=N this process is the primary and N API
 * processes serve the port (server/api-processes.ts). Ctrl-C or SIGTERM stops HTTP, the pool and
 * Postgres, then exits 0.
 */
import { isApiProcess, startApiProcesses } from './api-processes.ts';
import { loadConfig } from './config.ts';
import { releaseLibrarySignalHandlers } from './db/embedded.ts';
import type { Logger } from './logger.ts';
import { startPlatform } from './start.ts';

/** After the API processes' 10 s and the judge workers' 15 s (api-processes.ts, workers.ts). */
const FORCED_EXIT_MS = 25_000;

interface Stoppable {
  logger: Logger;
  stop(): Promise<void>;
}

async function main(): Promise<void> {
  const apiProcess = isApiProcess();
  let apiProcesses = 1;
  let running: Stoppable;
  let servedAt = '';
  try {
    apiProcesses = apiProcess ? 1 : loadConfig().apiProcesses;
    const platform = await startPlatform({
      part: apiProcess ? 'api' : apiProcesses > 1 ? 'primary' : 'whole',
      apiProcesses,
    });
    running = platform;
    servedAt = platform.url;
    if (apiProcesses > 1) {
      const processes = startApiProcesses(platform, apiProcesses, platform.logger);
      running = { logger: platform.logger, stop: processes.stop };
      void processes.failed.then(async (err) => {
        platform.logger.error(err.message);
        await processes.stop().catch(() => undefined);
        process.exit(1);
      });
    }
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
    running.logger.info({ signal }, '正在停止…');
    setTimeout(() => {
      running.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
    running.stop().then(
      () => {
        running.logger.info('已停止');
        process.exit(0);
      },
      (err: unknown) => {
        running.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
  // An API process whose primary is gone (killed) exits at once: node:cluster does that itself
  // on the lost channel, before any handler of ours could stop it cleanly.

  if (apiProcess) return;
  const config = loadConfig();
  const shownAt = servedAt || `http://localhost:${config.port}`;
  running.logger.info(
    { apiProcesses },
    `信奥训练营 running at ${shownAt.replace('127.0.0.1', 'localhost')}/web/`,
  );
}

void main();
