import { parseSsoSettings, type SsoSettings } from './sso/settings.ts';
import { isIP } from 'node:net';
import path from 'node:path';
import { IMPORT_RATE_LIMIT } from '../contract/question/common.ts';
import { DEFAULT_PASSWORD_HASH_COST } from './security/password.ts';
import { isNo, isYes, parseYesNo } from './setting-values.ts';
import { SYS_LOG_MIN_RETENTION_DAYS } from './sys-log/retention.ts';
import { WECHAT_API_BASE, WECHAT_OPEN_BASE, type WechatApiSettings } from './wechat/official.ts';

/** How the server runs: read once from the environment at start-up (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path; the embedded database lives in `<dataDir>/pg`. */
  dataDir: string;
  /** An external Postgres; when set, no embedded database is started. */
  databaseUrl: string | undefined;
  /** Port of the embedded Postgres (0 picks a free one). */
  embeddedPgPort: number;
  logLevel: string;
  nodeEnv: 'production' | 'development' | 'test';
  /** Password given to the seeded demo accounts when they are first created. */
  seedPassword: string;
  /** SEED_DEMO=1: the demo accounts and content on an external database too. */
  seedDemo: boolean;
  /** The first platform administrator's password on a database without the demo. */
  adminPassword: string | undefined;
  /**
   * Honour X-Forwarded-For: `true` from any peer (only when nothing but the proxy can reach the
   * port), or only from these proxy addresses / CIDR ranges.
   */
  trustProxy: boolean | string[];
  /** API_PROCESSES: API processes serving PORT on this machine (server/api-processes.ts). */
  apiProcesses: number;
  /** Mark the session cookie Secure and send HSTS (serve over HTTPS). */
  secureCookies: boolean;
  /** IMPORT_LIMIT_PER_HOUR: question imports (JSON or zip) one account may make an hour. */
  importLimitPerHour: number;
  /** SYS_LOG_RETENTION_DAYS: how long system log entries are kept (at least 180 days). */
  sysLogRetentionDays: number;
  /** DEV_CAPTCHA_TEXT: outside production, the text of every image captcha (for scripts). */
  devCaptchaText: string | undefined;
  /** PUBLIC_URL: the origin payment providers call back and send payers to (docs/payments.md). */
  publicUrl: string | undefined;
  /** PAYMENT_CHECKOUT_MINUTES: how long a checkout can be paid. */
  checkoutMinutes: number;
  /** SANDBOX_PAY_NOTIFY_METHOD: how the sandbox provider sends notifications, GET or POST. */
  sandboxNotifyMethod: 'GET' | 'POST';
  /**
   * PAYMENT_PROVIDER: `sandbox` (anyone can confirm its checkout: a demo, not real money) or
   * `none` (wallet and desk only). Default `sandbox`, but `none` in production.
   */
  paymentProvider: 'sandbox' | 'none';
  /**
   * WECHAT_PROVIDER: `sandbox` (its pages stand in for WeChat: anyone can confirm, a demo),
   * `wechat` (WeChat itself, with the apps below) or `none` (no WeChat sign-in). Default
   * `sandbox`, but `none` in production.
   */
  wechatProvider: 'sandbox' | 'wechat' | 'none';
  /**
   * WECHAT_GZH_APPID and WECHAT_GZH_SECRET (the 公众号), WECHAT_MP_APPID, WECHAT_MP_SECRET and
   * WECHAT_MP_SCAN_PAGE (the mini program, and the page its sign-in codes open), WECHAT_API_BASE
   * and WECHAT_OPEN_BASE (WeChat's hosts, or proxies): read when WECHAT_PROVIDER is `wechat`,
   * which needs at least one app.
   */
  wechatApi: WechatApiSettings;
  /**
   * WECHAT_GZH_TOKEN: the token of the 公众号's server settings, for wx/gzh/verifyToken's
   * signature. Unset: the check refuses every request (outside production the sandbox's
   * `xinao-sandbox`).
   */
  wechatGzhToken: string;
  /** SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET, SSO_LINK_CLAIM, SSO_NAME: single sign-on. */
  sso: SsoSettings | null;
  /**
   * PASSWORD_HASH_COST: scrypt's N as a power of two for new password hashes, 10 to 20; default
   * 15, and never below it in production. The test suite sets 10 (a few ms a login).
   */
  passwordHashCost: number;
}

/** The documented demo password (README); SEED_PASSWORD replaces it. */
export const DEFAULT_SEED_PASSWORD = 'Xinao@2026';
export const DEFAULT_PORT = 8080;
/** The 公众号 token the WeChat sandbox signs with outside production (README). */
export const SANDBOX_WECHAT_GZH_TOKEN = 'xinao-sandbox';
export const DEFAULT_EMBEDDED_PG_PORT = 5433;

function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name} must be a whole number ≥ 1, got "${value}"`);
  }
  return n;
}

/**
 * TRUST_PROXY: unset/0 trusts no proxy; 1/true trusts any peer; otherwise a comma-separated list
 * of the proxies' addresses or CIDR ranges, the only peers whose X-Forwarded-For is believed.
 */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || isNo(value)) return false;
  if (isYes(value)) return true;
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = family === 6 ? 128 : 32;
    const prefixOk =
      prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY must be 1, or the proxies' addresses or CIDR ranges separated by commas, got "${entry}"`,
      );
    }
  }
  return entries;
}

/** More processes than cores only share the cores; 64 is far past any machine we run on. */
const MAX_API_PROCESSES = 64;

function parseApiProcesses(value: string | undefined): number {
  const n = parseCount('API_PROCESSES', value, 1);
  if (n > MAX_API_PROCESSES) {
    throw new Error(`API_PROCESSES must be at most ${MAX_API_PROCESSES}, got "${value}"`);
  }
  return n;
}

/** 网络安全法 第二十一条 asks for network logs kept no less than six months. */
function parseRetentionDays(value: string | undefined): number {
  const days = parseCount('SYS_LOG_RETENTION_DAYS', value, SYS_LOG_MIN_RETENTION_DAYS);
  if (days < SYS_LOG_MIN_RETENTION_DAYS) {
    throw new Error(
      `SYS_LOG_RETENTION_DAYS must be at least ${SYS_LOG_MIN_RETENTION_DAYS} (the six months ` +
        `China's Cybersecurity Law requires network logs to be kept), got "${value}"`,
    );
  }
  return days;
}

function parseNodeEnv(value: string | undefined): ServerConfig['nodeEnv'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const seedPassword = env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD;
  if (seedPassword.length < 8) throw new Error('SEED_PASSWORD must be at least 8 characters');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  }
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const devCaptchaText = env.DEV_CAPTCHA_TEXT || undefined;
  if (devCaptchaText !== undefined) {
    if (nodeEnv === 'production') throw new Error('DEV_CAPTCHA_TEXT is refused in production');
    if (!/^[A-Za-z0-9]{4,8}$/.test(devCaptchaText)) {
      throw new Error('DEV_CAPTCHA_TEXT must be 4 to 8 letters or digits');
    }
  }
  return {
    port: parsePort('PORT', env.PORT, DEFAULT_PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: parsePort('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, DEFAULT_EMBEDDED_PG_PORT),
    logLevel: env.LOG_LEVEL || 'info',
    nodeEnv,
    seedPassword,
    seedDemo: parseYesNo('SEED_DEMO', env.SEED_DEMO),
    adminPassword,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiProcesses: parseApiProcesses(env.API_PROCESSES),
    secureCookies: parseYesNo('SECURE_COOKIES', env.SECURE_COOKIES),
    importLimitPerHour: parseCount(
      'IMPORT_LIMIT_PER_HOUR',
      env.IMPORT_LIMIT_PER_HOUR,
      IMPORT_RATE_LIMIT.max,
    ),
    sysLogRetentionDays: parseRetentionDays(env.SYS_LOG_RETENTION_DAYS),
    devCaptchaText,
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    checkoutMinutes: parseCount('PAYMENT_CHECKOUT_MINUTES', env.PAYMENT_CHECKOUT_MINUTES, 15),
    sandboxNotifyMethod: parseNotifyMethod(env.SANDBOX_PAY_NOTIFY_METHOD),
    paymentProvider: parsePaymentProvider(env.PAYMENT_PROVIDER, nodeEnv),
    wechatProvider: parseWechatProvider(env.WECHAT_PROVIDER, nodeEnv, env),
    wechatApi: parseWechatApi(env),
    sso: parseSsoSettings(env, nodeEnv),
    wechatGzhToken:
      env.WECHAT_GZH_TOKEN || (nodeEnv === 'production' ? '' : SANDBOX_WECHAT_GZH_TOKEN),
    passwordHashCost: parsePasswordHashCost(env.PASSWORD_HASH_COST, nodeEnv),
  };
}

function parsePasswordHashCost(
  value: string | undefined,
  nodeEnv: ServerConfig['nodeEnv'],
): number {
  if (value === undefined || value === '') return DEFAULT_PASSWORD_HASH_COST;
  const cost = Number(value);
  if (!/^[0-9]+$/.test(value) || cost < 10 || cost > 20) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from 10 to 20, got "${value}"`);
  }
  if (nodeEnv === 'production' && cost < DEFAULT_PASSWORD_HASH_COST) {
    throw new Error(
      `PASSWORD_HASH_COST below ${DEFAULT_PASSWORD_HASH_COST} is refused in production, got "${value}"`,
    );
  }
  return cost;
}

function parsePaymentProvider(
  value: string | undefined,
  nodeEnv: ServerConfig['nodeEnv'],
): ServerConfig['paymentProvider'] {
  if (value === undefined || value === '') return nodeEnv === 'production' ? 'none' : 'sandbox';
  if (value !== 'sandbox' && value !== 'none') {
    throw new Error(`PAYMENT_PROVIDER must be sandbox or none, got "${value}"`);
  }
  return value;
}

function parseWechatProvider(
  value: string | undefined,
  nodeEnv: ServerConfig['nodeEnv'],
  env: NodeJS.ProcessEnv,
): ServerConfig['wechatProvider'] {
  if (value === undefined || value === '') return nodeEnv === 'production' ? 'none' : 'sandbox';
  if (value !== 'sandbox' && value !== 'wechat' && value !== 'none') {
    throw new Error(`WECHAT_PROVIDER must be sandbox, wechat or none, got "${value}"`);
  }
  if (value === 'wechat' && !env.WECHAT_GZH_APPID && !env.WECHAT_MP_APPID) {
    throw new Error('WECHAT_PROVIDER=wechat needs WECHAT_GZH_APPID or WECHAT_MP_APPID');
  }
  return value;
}

/** An app's id and secret: both or neither. */
function wechatApp(env: NodeJS.ProcessEnv, app: 'GZH' | 'MP') {
  const appId = env[`WECHAT_${app}_APPID`];
  const secret = env[`WECHAT_${app}_SECRET`];
  if (!appId && !secret) return null;
  if (!appId || !secret) {
    throw new Error(`WECHAT_${app}_APPID and WECHAT_${app}_SECRET are set together`);
  }
  return { appId, secret };
}

function parseWechatApi(env: NodeJS.ProcessEnv): WechatApiSettings {
  const mp = wechatApp(env, 'MP');
  return {
    gzh: wechatApp(env, 'GZH'),
    mp: mp && { ...mp, scanPage: env.WECHAT_MP_SCAN_PAGE || null },
    apiBase: (env.WECHAT_API_BASE || WECHAT_API_BASE).replace(/\/$/, ''),
    openBase: (env.WECHAT_OPEN_BASE || WECHAT_OPEN_BASE).replace(/\/$/, ''),
  };
}

function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]+$/.test(value.replace(/\/$/, ''))) {
    throw new Error(`PUBLIC_URL must be an origin such as https://oj.example.com, got "${value}"`);
  }
  return value.replace(/\/$/, '');
}

function parseNotifyMethod(value: string | undefined): 'GET' | 'POST' {
  if (value === undefined || value === '') return 'POST';
  const method = value.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new Error(`SANDBOX_PAY_NOTIFY_METHOD must be GET or POST, got "${value}"`);
  }
  return method;
}
