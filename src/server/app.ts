import { randomUUID } from 'node:crypto';
import { DEFAULT_BODY_LIMIT_BYTES } from '../contract/body-size.ts';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CallDef } from '../contract/call.ts';
import { allCalls } from '../contract/index.ts';
import { errorCatalogue } from '../contract/errors.ts';
import { CaptchaService, svgCaptchaGenerator } from './accounts/captcha.ts';
import type { CaptchaGenerator } from './accounts/captcha.ts';
import { DevInboxSender } from './accounts/code-sender.ts';
import type { CodeSender } from './accounts/code-sender.ts';
import { VerificationCodeService } from './accounts/verification-codes.ts';
import type { Pool } from './db/pool.ts';
import type { EnvelopeKeyring } from './envelope/keyring.ts';
import { nonceClaimer } from './envelope/nonces.ts';
import { ChannelSecrets } from './envelope/node-envelope.ts';
import { allHandlers } from './handlers.ts';
import { AppError } from './http/app-error.ts';
import { apiNotFound, installErrorHandlers, isApiPath } from './http/error-handler.ts';
import type { HandlerEntry } from './http/handler.ts';
import { MULTIPART_LIMITS } from './http/multipart.ts';
import { installSysLog } from './sys-log/hook.ts';
import { SysLogRecorder } from './sys-log/recorder.ts';
import type { SysLogRecorderOptions } from './sys-log/recorder.ts';
import { SYS_LOG_MIN_RETENTION_DAYS, startSysLogRetention } from './sys-log/retention.ts';
import { registerCalls } from './http/register-calls.ts';
import { defaultQuotaPolicy } from './member-question/quota.ts';
import type { QuotaPolicy } from './member-question/quota.ts';
import type { Logger } from './logger.ts';
import type { Services } from './services.ts';
import { resumePendingRefunds } from './orders/notifications.ts';
import { inOneProcess } from './db/run-once.ts';
import { allOrderKinds } from './order-kinds.ts';
import { startServerClock } from './clock.ts';
import { EXAM_CLOCK_MS } from './exam/clock.ts';
import { NO_PROVIDER } from './payments/none.ts';
import { registerSandboxPages } from './payments/sandbox/pages.ts';
import { SANDBOX_WECHAT_GZH_TOKEN } from './config.ts';
import type { Wechat } from './wechat/provider.ts';
import { createSsoService } from './sso/flow.ts';
import type { SsoSettings } from './sso/settings.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';
import { listenForCacheChanges } from './db/cache-changes.ts';
import { instanceName, startHeartbeat } from './instance.ts';
import { invalidateConfigCache } from './site-config/cache.ts';
import { registerSandboxWechatPages } from './wechat/sandbox-pages.ts';
import { createOfficialWechat, type WechatApiSettings } from './wechat/official.ts';
import { createSandboxProvider, type SandboxOptions } from './payments/sandbox/provider.ts';
import type { Payments } from './payments/service.ts';
import { AppRegistry } from './apps/registry.ts';
import { RoleOperatesCache } from './permission/role-operates.ts';
import { loadConfig } from './config.ts';
import { createFileService } from './files/service.ts';
import type { FileService } from './files/service.ts';
import { DEFAULT_WEB_ROOT, registerWebApp, webFallback } from './web/static.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call a route serves, for the request log. */
    callId?: string;
  }
}

/** Largest JSON body of a call whose schema needs no more (contract/body-size.ts). */
export const BODY_LIMIT_BYTES = DEFAULT_BODY_LIMIT_BYTES;

export interface AppDeps {
  pool: Pool;
  logger: Logger;
  keyring: EnvelopeKeyring;
  /** Draws captchas; tests inject one that tells them the text a person would read. */
  captchaGenerator?: CaptchaGenerator;
  /** Delivers SMS and e-mail codes; defaults to the dev inbox. */
  codeSender?: CodeSender;
  /** The built web app; defaults to ./dist/web. */
  webRoot?: string;
  nodeEnv?: 'production' | 'development' | 'test';
  trustProxy?: boolean | string[];
  secureCookies?: boolean;
  /** The calls to serve and their handlers (default: the whole contract). */
  calls?: readonly CallDef[];
  handlers?: readonly HandlerEntry[];
  now?: () => number;
  /** Daily quotas (default: the default limits and the real clock). */
  quota?: QuotaPolicy;
  /** The `max` of the question imports' per-account limit; default the contract's. */
  importLimitMax?: number;
  /** The `max` of every per-account limit (tests only: http/register-calls.ts). */
  accountLimitMax?: number;
  /** Payments (docs/payments.md); default the sandbox provider, POST notifications, 15 min. */
  payments?: PaymentOptions;
  /** How often the exam clock hands in expired papers and settles judged ones; 0 turns it off. */
  examClockMs?: number;
  /** The file service; default a disk store under DATA_DIR (server/files/service.ts). */
  files?: FileService;
  /** The system log (server/sys-log/): retention (default 180 days) and how entries are written. */
  sysLog?: SysLogOptions;
  /** This API process's name (server/instance.ts); default a new one. */
  instance?: string;
  /** WeChat sign-in (server/wechat/): default the sandbox, with the sandbox's 公众号 token. */
  wechat?: {
    provider?: 'sandbox' | 'wechat' | 'none';
    gzhToken?: string;
    /** WeChat's apps and hosts, for `wechat`. */
    api?: WechatApiSettings;
    /** The origin WeChat sends people back to; default the one the request reached. */
    publicUrl?: string;
  };
  /** Single sign-on (server/sso/): off unless settings name a provider. */
  sso?: SsoSettings | null;
}

export interface SysLogOptions {
  retentionDays?: number;
  recorder?: SysLogRecorderOptions;
  /**
   * Asked per call; false: the call is not recorded. Only bench/sys-log.ts sets it, to time the
   * same calls on the same server with and without the log; no setting of a platform reads it.
   */
  recording?: () => boolean;
}

export interface PaymentOptions {
  /** `sandbox` (the default) or `none`: no online payments, wallet and desk only. */
  provider?: 'sandbox' | 'none';
  /** The origin providers call back; default where the server listens. */
  publicUrl?: string;
  checkoutTtlMs?: number;
  sandbox?: Partial<
    Pick<SandboxOptions, 'notifyMethod' | 'retryDelaysMs' | 'maxAttempts' | 'pollMs'>
  >;
  /** How long a provider refund may stay unconfirmed before it is asked again. */
  refundRetryMs?: number;
}

/** A notification is retried for about a day, as real providers do. */
const SANDBOX_RETRY_DELAYS_MS = [
  1_000, 2_000, 5_000, 15_000, 60_000, 300_000, 1_800_000, 3_600_000,
];
const SANDBOX_MAX_ATTEMPTS = 30;
const REFUND_RETRY_MS = 60_000;

/**
 * Payments run beside the HTTP server: the sandbox provider's checkout pages and notification
 * deliveries, and the re-request of provider refunds left unconfirmed. They start once the
 * server listens (the notify URL is then known) and stop with it.
 */
async function installPayments(app: FastifyInstance, deps: AppDeps): Promise<Payments> {
  const options = deps.payments ?? {};
  if (options.provider === 'none') {
    return { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 };
  }
  const sandbox = await createSandboxProvider({
    pool: deps.pool,
    logger: deps.logger,
    notifyMethod: options.sandbox?.notifyMethod ?? 'POST',
    retryDelaysMs: options.sandbox?.retryDelaysMs ?? SANDBOX_RETRY_DELAYS_MS,
    maxAttempts: options.sandbox?.maxAttempts ?? SANDBOX_MAX_ATTEMPTS,
    pollMs: options.sandbox?.pollMs,
  });
  let listening = '';
  const payments: Payments = {
    provider: sandbox,
    online: true,
    publicUrl: () => options.publicUrl ?? listening,
    checkoutTtlMs: options.checkoutTtlMs ?? 15 * 60_000,
  };
  registerSandboxPages(app, sandbox);
  whileListening(app, () => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
      listening = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    }
    sandbox.startDelivery();
    const retryMs = options.refundRetryMs ?? REFUND_RETRY_MS;
    const refundTimer = setInterval(() => {
      // One process asks again (db/run-once.ts): N processes would ask the provider N times.
      inOneProcess(deps.pool, 'refund-reasks', () =>
        resumePendingRefunds(servicesOf(app), retryMs),
      ).catch((err: Error) => deps.logger.warn({ err: err.message }, '重新申请渠道退款失败'));
    }, retryMs);
    refundTimer.unref();
    return {
      stop: async () => {
        clearInterval(refundTimer);
        await sandbox.stop();
      },
    };
  });
  return payments;
}

/** WeChat sign-in: WeChat itself, or the sandbox's pages standing in for it, or off. */
function installWechat(app: FastifyInstance, deps: AppDeps): Wechat {
  const options = deps.wechat ?? {};
  const gzhToken = options.gzhToken ?? SANDBOX_WECHAT_GZH_TOKEN;
  const publicUrl = options.publicUrl;
  if (options.provider === 'none') return { provider: null, gzhToken, publicUrl };
  if (options.provider === 'wechat') {
    if (!options.api) throw new Error('WECHAT_PROVIDER=wechat needs its apps (config.wechatApi)');
    return { provider: createOfficialWechat(options.api), gzhToken, publicUrl };
  }
  return { provider: registerSandboxWechatPages(app, deps.pool), gzhToken, publicUrl };
}

/**
 * Runs what `start` starts while the app listens, and stops it when the app closes. Fastify runs
 * onListen hooks after `listen` has answered, one after another, so a close can come before a
 * hook has run or while it runs: what starts then is stopped as soon as it has started, and
 * nothing starts after the close (a listener holding a pool client would keep the pool from
 * ending, and the process from stopping).
 */
function whileListening(
  app: FastifyInstance,
  start: () => Promise<{ stop(): Promise<void> }> | { stop(): Promise<void> },
): void {
  let closed = false;
  let running: Promise<{ stop(): Promise<void> }> | undefined;
  app.addHook('onListen', async () => {
    if (closed) return;
    running = Promise.resolve().then(start);
    await running;
  });
  app.addHook('onClose', async () => {
    closed = true;
    const started = await running?.catch(() => undefined);
    await started?.stop();
  });
}

/** While it listens, this process says it is alive (server/instance.ts). */
function installHeartbeat(app: FastifyInstance, services: Services): void {
  whileListening(app, () => startHeartbeat(services.pool, services.instance, services.logger));
}

/** Another API process's writes clear this one's caches (db/cache-changes.ts) while it listens. */
function installCacheChanges(app: FastifyInstance, services: Services): void {
  whileListening(app, () => {
    const listener = listenForCacheChanges(
      services.pool,
      {
        siteConfig: () => invalidateConfigCache(services.pool),
        apps: () => services.apps.invalidate(),
      },
      services.logger,
    );
    return { stop: () => listener.close() };
  });
}

/** The server's clock (server/clock.ts: exams, homework) runs while the server listens. */
function installServerClock(app: FastifyInstance, deps: AppDeps): void {
  const intervalMs = deps.examClockMs ?? EXAM_CLOCK_MS;
  if (intervalMs <= 0) return;
  whileListening(app, () => startServerClock(deps.pool, deps.logger, intervalMs));
}

/** The system log's retention sweep runs while the server listens. */
function installSysLogRetention(app: FastifyInstance, deps: AppDeps): void {
  whileListening(app, () =>
    startSysLogRetention(
      deps.pool,
      deps.logger,
      deps.sysLog?.retentionDays ?? SYS_LOG_MIN_RETENTION_DAYS,
    ),
  );
}

const appServices = new WeakMap<FastifyInstance, Services>();
/** The services an app was built with (start.ts seeds the files through them). */
export const servicesOf = (app: FastifyInstance): Services => appServices.get(app)!;

/**
 * Content-Security-Policy for the Vite-built app: only our own scripts; inline styles allowed
 * because Blueprint positions popovers with style attributes; data: and blob: images (captcha,
 * icons); workers from blob: for the code editor.
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const nodeEnv = deps.nodeEnv ?? 'development';
  const app = Fastify({
    // pino's Logger is Fastify's logger; the cast only widens its generic parameters.
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Unique across restarts: lifecycle transitions record the request that made them.
    genReqId: () => randomUUID(),
    // Our onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });

  const services: Services = {
    instance: deps.instance ?? instanceName(),
    pool: deps.pool,
    logger: deps.logger,
    keyring: deps.keyring,
    captchas: new CaptchaService(deps.pool, deps.captchaGenerator ?? svgCaptchaGenerator),
    codes: new VerificationCodeService(
      deps.pool,
      deps.codeSender ?? new DevInboxSender(deps.pool, deps.logger),
    ),
    quota: deps.quota ?? defaultQuotaPolicy(),
    payments: await installPayments(app, deps),
    wechat: installWechat(app, deps),
    sso: deps.sso ? createSsoService(deps.pool, deps.sso) : null,
    files: deps.files ?? (await createFileService(deps.pool, { dataDir: loadConfig().dataDir })),
    apps: new AppRegistry(deps.pool),
    roleOperates: new RoleOperatesCache(deps.pool),
    orderKinds: allOrderKinds,
    sysLog: new SysLogRecorder(deps.pool, deps.logger, deps.sysLog?.recorder),
  };
  appServices.set(app, services);
  installHeartbeat(app, services);
  installCacheChanges(app, services);
  installServerClock(app, deps);
  installSysLogRetention(app, deps);

  installErrorHandlers(app);
  // Every answer names the API process that made it: operators and tests see the spread.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('x-xinao-instance', services.instance);
  });
  installSysLog(app, deps.calls ?? allCalls, services.sysLog, deps.sysLog?.recording);
  // One line per request, after the answer: what was called, how it ended, how long it took.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        callId: request.routeOptions.config.callId,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy,
    // HSTS only makes sense when the site is served over HTTPS.
    strictTransportSecurity: deps.secureCookies ? undefined : false,
  });
  await app.register(fastifyCookie);
  // Multipart calls read their parts themselves (http/multipart.ts), under these caps.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database: every API process on it shares one count per client.
    store: postgresRateLimitStore(deps.pool),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `${errorCatalogue.RATE_LIMITED.message}（${Math.ceil(context.ttl / 1000)} 秒后可重试）`,
      ),
  });

  registerCalls(app, deps.calls ?? allCalls, deps.handlers ?? allHandlers, {
    services,
    envelope: {
      keyring: deps.keyring,
      claimNonce: nonceClaimer(deps.pool),
      channels: new ChannelSecrets(),
      now: deps.now ?? Date.now,
    },
    validateResponses: nodeEnv !== 'production',
    secureCookies: deps.secureCookies ?? false,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    importLimitMax: deps.importLimitMax,
    accountLimitMax: deps.accountLimitMax,
  });

  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url.split('?')[0]!)) return apiNotFound(reply);
    return webFallback(request, reply) ?? apiNotFound(reply);
  });

  return app;
}
