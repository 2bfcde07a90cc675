/**
 * Personal data removed from an exported event log, on export (docs/architecture.md, "The event
 * log and replay").
 *
 * Any key matching SECRET_KEY (case-insensitive, at any depth, in events and responses) has
 * its value replaced by '[scrubbed]', with these exceptions:
 * - null, undefined, booleans and empty strings are kept: they carry no personal data, and a
 *   machine may branch on whether a value is present;
 * - numbers under `code`, `errorCode` or `statusCode` are kept: those are the envelope and
 *   error-catalogue codes (0, -1, 40001, …) that replay and QA need. Verification codes
 *   (SMS, email, captcha) are strings in the contract, so they are scrubbed.
 * Query-string parameters of a logged `path` are scrubbed by the same rule.
 *
 * The pattern is deliberately broad (`key` also matches `keyword`, `token` matches
 * `tokenBalance`): losing a harmless field in an export is better than leaking one. Machines
 * keep their contexts clear of such keys, so a scrubbed log still replays to the same states
 * (see src/machines/login/validation.ts and src/machines/user.ts).
 */
import type { JsonValue } from './json.ts';

// recipient, the address fields (`address`, `addressDetail`, `regionNames`) and `detail`
// under an address: a prize's shipping address (issue 10 item 2). Anchored so that
// `addressedAt`, when it was given, is kept.
export const SECRET_KEY =
  /password|pwd|code|captchaCode|token|key|signature|secret|cookie|mobile|email|recipient|address(?:detail)?$|regionNames/i;
const NUMERIC_CODE_KEY = /^(code|errorCode|statusCode)$/i;
export const SCRUBBED = '[scrubbed]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

function scrubSecret(key: string, value: JsonValue): JsonValue {
  if (value === null || typeof value === 'boolean' || value === '') return value;
  if (typeof value === 'number' && NUMERIC_CODE_KEY.test(key)) return value;
  return SCRUBBED;
}

/** A deep copy of `value` with personal data replaced. */
export function scrub(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  const result: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = isSecretKey(key) ? scrubSecret(key, item) : scrub(item);
  }
  return result;
}

/** `/a/b?mobile=138…&page=0` → `/a/b?mobile=%5Bscrubbed%5D&page=0`. */
export function scrubPath(path: string): string {
  const at = path.indexOf('?');
  if (at < 0) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  for (const [name, value] of [...params]) {
    if (isSecretKey(name) && value !== '') params.set(name, SCRUBBED);
  }
  return `${path.slice(0, at)}?${params.toString()}`;
}
