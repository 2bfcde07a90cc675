/**
 * Retry with exponential backoff and an injectable scheduler (docs/architecture.md, "src/streams").
 * Deterministic — no jitter — so marble tests pin every delay; pass a TestScheduler or
 * VirtualTimeScheduler as `scheduler` in tests.
 */
import {
  asyncScheduler,
  retry,
  throwError,
  timer,
  type MonoTypeOperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import {
  SWR_ERROR_RETRY_COUNT,
  SWR_ERROR_RETRY_MAX_DELAY_MS,
  SWR_ERROR_RETRY_MS,
} from '../machines/constants.ts';

export interface BackoffOptions {
  /** Delay before the first retry. */
  initialDelayMs?: number;
  /** Each further retry waits this many times longer. */
  factor?: number;
  maxDelayMs?: number;
}

export interface RetryWithBackoffOptions extends BackoffOptions {
  /** Retries after the first failure; then the error goes through. */
  maxRetries?: number;
  scheduler?: SchedulerLike;
  /** Return false to give up at once (e.g. for a 4xx answer that will not change). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
}

/** The wait before retry number `attempt` (1-based). */
export function backoffDelay(
  attempt: number,
  {
    initialDelayMs = SWR_ERROR_RETRY_MS,
    factor = 2,
    maxDelayMs = SWR_ERROR_RETRY_MAX_DELAY_MS,
  }: BackoffOptions = {},
): number {
  return Math.min(maxDelayMs, initialDelayMs * factor ** Math.max(0, attempt - 1));
}

export function retryWithBackoff<T>({
  maxRetries = SWR_ERROR_RETRY_COUNT,
  scheduler = asyncScheduler,
  shouldRetry = () => true,
  ...backoff
}: RetryWithBackoffOptions = {}): MonoTypeOperatorFunction<T> {
  return retry({
    count: maxRetries,
    delay: (error: unknown, attempt: number) =>
      shouldRetry(error, attempt)
        ? timer(backoffDelay(attempt, backoff), scheduler)
        : throwError(() => error),
  });
}
