import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { allCalls } from '../contract/index.ts';
import { syncOperates } from './permission/operate-sync.ts';
import type { CaptchaGenerator } from './accounts/captcha.ts';
import type { CodeSender } from './accounts/code-sender.ts';
import { buildApp, type PaymentOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { setPasswordHashCost } from './security/password.ts';
import { fixedTextCaptchaGenerator } from './accounts/captcha.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import type { EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { createPool, POOL_MAX } from './db/pool.ts';
import type { Pool } from './db/pool.ts';
import { loadKeyring } from './envelope/keyring.ts';
import { pruneExpired, startPruning } from './envelope/nonces.ts';
import { createLogger } from './logger.ts';
import type { Logger } from './logger.ts';
import { seedDatabase, seedStoredFiles } from './seed/index.ts';
import { createFileService, urlTtlFromEnv } from './files/service.ts';
import { describeFileStore, fileStoreSettingsFromEnv, openFileStore } from './files/settings.ts';
import { DiskFileStore } from './files/store.ts';
import { sweepOrphanFiles } from './files/sweep.ts';
import { inOneProcess } from './db/run-once.ts';
import {
  connectionsNeeded,
  embeddedMaxConnections,
  warnIfTooFewConnections,
} from './db/connections.ts';
import { SHORT_LIVED_PRUNES } from './prunes.ts';
import { ensureBubblewrap } from '../judge/sandbox/setup.ts';
import {
  judgeWorkerCount,
  NO_JUDGE_WORKERS,
  startJudgeWorkers,
  type JudgeWorkers,
} from './judge-service/workers.ts';
import { closeStatusHub } from './member-question/status-hub.ts';
import { closeMessageHub } from './messages/hub.ts';
import { closeAi, startAi } from './ai/registry.ts';
import { instanceName } from './instance.ts';
import { loadQuotaLimits } from './member-question/quota.ts';

/**
 * Which part of the platform a process runs (server/api-processes.ts): `whole` (one process:
 * database, migrations, seed, judge workers and HTTP); `primary` (all of that but HTTP, which
 * its API processes serve); `api` (HTTP only, on the database a primary prepared).
 */
export type PlatformPart = 'whole' | 'primary' | 'api';

export interface StartOptions {
  /** Default `whole`. */
  part?: PlatformPart;
  /** The API processes a primary will start (API_PROCESSES): counted in the connection budget. */
  apiProcesses?: number;
  /** HTTP port; 0 picks a free one. Default: PORT or 8080. */
  port?: number;
  host?: string;
  dataDir?: string;
  /** An external Postgres; no embedded database is started. */
  databaseUrl?: string;
  /** Embedded Postgres port; 0 picks a free one. Default: EMBEDDED_PG_PORT or 5433. */
  embeddedPgPort?: number;
  /** Throw-away test databases: embedded Postgres without fsync (see startEmbeddedPostgres). */
  skipFsync?: boolean;
  logLevel?: string;
  /** No log output at all (tests). */
  quiet?: boolean;
  /** Password for demo accounts created by the seed. Default: SEED_PASSWORD or Xinao@2026. */
  seedPassword?: string;
  /** Seed the demo accounts and content. Default: on the embedded database, or SEED_DEMO=1. */
  seedDemo?: boolean;
  captchaGenerator?: CaptchaGenerator;
  codeSender?: CodeSender;
  trustProxy?: boolean | string[];
  webRoot?: string;
  env?: NodeJS.ProcessEnv;
  /** Judge worker processes to launch; default JUDGE_WORKERS or one per core, 0 for none. */
  judgeWorkers?: number;
  /** The clock that picks the day of the daily quotas (tests move it across midnight). */
  quotaClock?: () => Date;
  /** The sandbox provider's delivery timing (tests retry in milliseconds, not minutes). */
  sandboxPayments?: NonNullable<PaymentOptions['sandbox']>;
  /** The exam clock's tick (tests tick fast); default one second. */
  examClockMs?: number;
  /** The clock signed file URLs are made and checked by (tests expire them). */
  fileClock?: () => number;
  /** Raises every per-account rate limit (tests that send thousands of refused requests). */
  accountLimitMax?: number;
  /** Seconds the single sign-on client takes its clock to be ahead (tests of an expired token). */
  ssoClockSkewSec?: number;
  /** Whether to record each call (bench/sys-log.ts only; server/app.ts SysLogOptions). */
  sysLogRecording?: () => boolean;
}

export interface RunningPlatform {
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:8080 (no trailing slash); '' for a primary. */
  url: string;
  /** 0 for a primary, which serves no HTTP. */
  port: number;
  /** The database every process of this platform uses (API processes are given it). */
  databaseUrl: string;
  pool: Pool;
  logger: Logger;
  /**
   * Accounts this start created: the demo accounts on a first start with the demo, or the first
   * platform administrator on a database without it.
   */
  createdAccounts: string[];
  /** The judge worker processes this start launched (stopped by stop()). */
  judgeWorkers: JudgeWorkers;
  /** Closes HTTP, the pool and the embedded database; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the whole platform: database (embedded unless a URL is given), migrations, seed,
 * envelope keys, HTTP. Everything started is stopped again if a later step fails.
 */
export async function startPlatform(options: StartOptions = {}): Promise<RunningPlatform> {
  const config = loadConfig(options.env ?? process.env);
  setPasswordHashCost(config.passwordHashCost);
  const quotaLimits = loadQuotaLimits(options.env ?? process.env);
  const fileStoreSettings = fileStoreSettingsFromEnv(options.env ?? process.env);
  const logger = createLogger({ level: options.logLevel ?? config.logLevel, quiet: options.quiet });
  const cleanups: (() => Promise<void>)[] = [];
  const runCleanups = async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop()!;
      await cleanup().catch((err: Error) =>
        logger.warn({ err: err.message }, 'shutdown step failed'),
      );
    }
  };

  const part = options.part ?? 'whole';
  const prepares = part !== 'api';
  try {
    const databaseUrl = options.databaseUrl ?? config.databaseUrl;
    if (part === 'api' && !databaseUrl) throw new Error('an API process needs DATABASE_URL');
    const workerCount = prepares
      ? (options.judgeWorkers ?? judgeWorkerCount(options.env ?? process.env))
      : 0;
    const needed = connectionsNeeded({
      apiProcesses: options.apiProcesses ?? 1,
      judgeWorkers: workerCount,
    });
    let embedded: EmbeddedDatabase | undefined;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: options.dataDir ?? config.dataDir,
        port: options.embeddedPgPort ?? config.embeddedPgPort,
        logger,
        skipFsync: options.skipFsync,
        maxConnections: embeddedMaxConnections(needed),
      });
      cleanups.push(embedded.stop);
    }
    const connectionString = databaseUrl ?? embedded!.connectionString;
    // A process that serves calls keeps its connections warm for a class's next burst; the
    // primary of several API processes only prepares and supervises.
    const pool = createPool(connectionString, logger, {
      keepOpen: part === 'primary' ? 0 : POOL_MAX,
    });
    cleanups.push(() => pool.end());

    let createdAccounts: string[] = [];
    let judgeWorkers: JudgeWorkers = NO_JUDGE_WORKERS;
    if (prepares) {
      await runMigrations(pool, logger);
      // Every call is an operate before anyone can be given one (server/permission/).
      await syncOperates(pool, allCalls);
      const seed = await seedDatabase(pool, {
        password: options.seedPassword ?? config.seedPassword,
        logger,
        // Demo accounts have a public password: only on the embedded database a person started
        // with `npm start`, or where SEED_DEMO=1 asks for them.
        demo: options.seedDemo ?? (databaseUrl === undefined || config.seedDemo),
        adminPassword: config.adminPassword,
      });
      createdAccounts = seed.createdAccounts;
      await warnIfTooFewConnections(pool, needed, logger);
      // Before the workers, which refuse to start without bubblewrap: install it when allowed.
      if (workerCount > 0) await ensureBubblewrap(logger, { env: options.env ?? process.env });
      const started = startJudgeWorkers({
        count: workerCount,
        databaseUrl: connectionString,
        logger,
        env: {
          ...(options.env ?? process.env),
          LOG_LEVEL: options.quiet ? 'silent' : (options.logLevel ?? config.logLevel),
        },
      });
      judgeWorkers = started;
      cleanups.push(() => started.stop());
    }
    const keyring = await loadKeyring(pool);
    await pruneExpired(pool, SHORT_LIVED_PRUNES);
    const stopPruning = startPruning(pool, logger, SHORT_LIVED_PRUNES);
    cleanups.push(async () => stopPruning());

    const dataDir = options.dataDir ?? config.dataDir;
    const store = await openFileStore(fileStoreSettings, dataDir);
    cleanups.push(async () => store.close?.());
    const files = await createFileService(pool, {
      dataDir,
      urlTtlMs: urlTtlFromEnv(options.env ?? process.env),
      now: options.fileClock,
      store,
    });
    if (prepares) {
      // The first use of the store: a bucket that is wrong or out of reach stops the start here.
      await seedStoredFiles({ pool, files }).catch((err: Error) => {
        const under =
          err.cause instanceof Error ? ` (${err.cause.name}: ${err.cause.message})` : '';
        throw new Error(
          `storing the seed files in ${describeFileStore(fileStoreSettings)} failed: ${err.name}: ${err.message}${under}`,
          { cause: err },
        );
      });
      // A bucket is not swept: the sweep lists the disk folder (README "文件存储").
      if (store instanceof DiskFileStore) {
        // Per folder: each machine's disk store is its own, and each sweeps it.
        const swept = await inOneProcess(
          pool,
          `sweep-orphan-files:${hostname()}:${store.root}`,
          () => sweepOrphanFiles(pool, store),
        );
        if (swept && swept.length > 0) logger.info({ files: swept }, '清理了无记录的上传文件');
      }
    }
    let stopping: Promise<void> | undefined;
    const running = {
      databaseUrl: connectionString,
      pool,
      logger,
      createdAccounts,
      judgeWorkers,
      stop: () => (stopping ??= runCleanups()),
    };
    if (part === 'primary') return { ...running, url: '', port: 0 };

    const instance = instanceName();
    const app = await buildApp({
      instance,
      files,
      pool,
      logger,
      keyring,
      captchaGenerator:
        options.captchaGenerator ??
        (config.devCaptchaText ? fixedTextCaptchaGenerator(config.devCaptchaText) : undefined),
      codeSender: options.codeSender,
      webRoot: options.webRoot,
      nodeEnv: config.nodeEnv,
      trustProxy: options.trustProxy ?? config.trustProxy,
      secureCookies: config.secureCookies,
      quota: { limits: quotaLimits, now: options.quotaClock ?? (() => new Date()) },
      importLimitMax: config.importLimitPerHour,
      accountLimitMax: options.accountLimitMax,
      payments: {
        provider: config.paymentProvider,
        publicUrl: config.publicUrl,
        checkoutTtlMs: config.checkoutMinutes * 60_000,
        sandbox: { notifyMethod: config.sandboxNotifyMethod, ...options.sandboxPayments },
      },
      examClockMs: options.examClockMs,
      wechat: {
        provider: config.wechatProvider,
        gzhToken: config.wechatGzhToken,
        api: config.wechatApi,
        publicUrl: config.publicUrl,
      },
      sso: config.sso && { ...config.sso, clockSkewSec: options.ssoClockSkewSec },
      sysLog: {
        retentionDays: config.sysLogRetentionDays,
        recording: options.sysLogRecording,
      },
    });
    cleanups.push(() => app.close());
    // Open status streams end first, or closing the HTTP server would wait for them.
    cleanups.push(() => closeStatusHub(pool));
    cleanups.push(() => closeMessageHub(pool));
    // So do AI replies being generated (failed, not charged: server/ai/registry.ts).
    await startAi(pool, logger, options.env ?? process.env, instance);
    cleanups.push(() => closeAi(pool));
    await app.listen({
      port: options.port ?? config.port,
      host: options.host ?? config.host,
      // Node's default queue of 511 pending connections drops the SYNs of a larger burst (a class
      // starting an exam at once), and each dropped one waits 1 s, 3 s, … for its retry; the
      // kernel caps this at net.core.somaxconn (4096 on Debian 12).
      backlog: 4096,
    });
    const port = (app.server.address() as AddressInfo).port;
    const host = options.host ?? config.host;
    const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    return {
      ...running,
      url: `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`,
      port,
    };
  } catch (err) {
    await runCleanups();
    throw err;
  }
}
