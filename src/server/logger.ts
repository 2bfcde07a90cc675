import { pino } from 'pino';
import type { Logger } from 'pino';

export type { Logger };

/**
 * Secrets that must never reach a log line, wherever they appear in a logged object: session
 * cookies, passwords, verification and captcha codes, and envelope fields.
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'code',
  'captchaCode',
  'token',
  'key',
  'data',
  'signature',
];

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-envelope-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
];

export function createLogger(options: { level: string; quiet?: boolean }): Logger {
  return pino({
    level: options.quiet ? 'silent' : options.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { app: 'xinao' },
  });
}
