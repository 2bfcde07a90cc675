/**
 * Short-lived rows of several domains, pruned with the envelope's nonces and captchas every ten
 * minutes and at start (envelope/nonces.ts): the login brake's old attempts, WeChat's tickets,
 * scenes and sandbox codes, single sign-on's started requests, and rate limits' passed windows.
 */
import { pruneLoginAttempts } from './accounts/login-brake.ts';
import type { Prune } from './envelope/nonces.ts';
import { pruneRateLimits } from './http/rate-limit-store.ts';
import { pruneSsoRequests } from './sso/prune.ts';
import { pruneWechat } from './wechat/prune.ts';

export const SHORT_LIVED_PRUNES: readonly Prune[] = [
  pruneLoginAttempts,
  pruneWechat,
  pruneSsoRequests,
  pruneRateLimits,
];
