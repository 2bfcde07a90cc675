/**
 * Daily quotas tied to membership rights (docs/product-rules.md#membership-cards default card
 * rights; issue 3 §6).
 *
 * - submissions: programming answers of kind 'submit' and 'review'. Unlimited with the right
 *   unlimitedSubmission, else QUOTA_DAILY_SUBMISSIONS a day.
 * - cleans: memberQuestion clean calls that clear at least one record. Unlimited with the right
 *   answerRecordClear, else QUOTA_DAILY_CLEANS a day.
 * - runs: debug and playground runs (and a teacher's reference-solution debug). No right lifts
 *   it: it only stops scripts from using the sandbox as free compute, so it applies to everyone.
 *
 * A day is a calendar day in Asia/Shanghai. Usage lives in member_daily_usage (migration 0006),
 * one row per member, day and counter, consumed with one conditional upsert inside the
 * transaction that writes what it pays for: two concurrent calls at limit − 1 serialise on the
 * row lock and the second finds the limit reached; a call that fails later rolls its unit back.
 */
import { QUOTA_USED_UP_PHRASE } from '../../contract/errors.ts';
import { currentRights, rightsOfCards, type ValidCard } from '../accounts/rights.ts';
import type { Queryable } from '../db/pool.ts';
import { queryPrepared } from '../db/prepared.ts';
import { fail } from '../http/app-error.ts';

export type QuotaCounter = 'submissions' | 'cleans' | 'runs';

export type QuotaLimits = Record<QuotaCounter, number>;

/** What the quota code needs from the platform: the limits and the clock that picks the day. */
export interface QuotaPolicy {
  limits: QuotaLimits;
  now: () => Date;
}

/**
 * Defaults. 20 submissions: a free learner can work through several problems a day with a few
 * tries each, while the full-case judging a submission costs stays bounded. 3 cleans: enough to
 * tidy a history now and then; unlimited clearing is what the card sells. 300 runs: one run
 * every two minutes for ten hours, far above real practice, yet it caps a script.
 */
export const DEFAULT_QUOTA_LIMITS: QuotaLimits = { submissions: 20, cleans: 3, runs: 300 };

/** The environment variables that set each limit (README "Configuration"). */
export const QUOTA_ENV: Record<QuotaCounter, string> = {
  submissions: 'QUOTA_DAILY_SUBMISSIONS',
  cleans: 'QUOTA_DAILY_CLEANS',
  runs: 'QUOTA_DAILY_RUNS',
};

/** The right that lifts a counter's limit; runs have none. */
const LIFTED_BY: Record<QuotaCounter, string | null> = {
  submissions: 'unlimitedSubmission',
  cleans: 'answerRecordClear',
  runs: null,
};

/** Reads the limits from the environment; a value that is not a whole number ≥ 0 stops the start. */
export function loadQuotaLimits(env: NodeJS.ProcessEnv): QuotaLimits {
  const read = (counter: QuotaCounter): number => {
    const name = QUOTA_ENV[counter];
    const value = env[name];
    if (value === undefined || value === '') return DEFAULT_QUOTA_LIMITS[counter];
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new Error(`${name} must be a whole number ≥ 0, got "${value}"`);
    }
    return n;
  };
  return { submissions: read('submissions'), cleans: read('cleans'), runs: read('runs') };
}

export const defaultQuotaPolicy = (): QuotaPolicy => ({
  limits: DEFAULT_QUOTA_LIMITS,
  now: () => new Date(),
});

/** Asia/Shanghai is UTC+8 all year (no daylight saving time). */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The Asia/Shanghai calendar day of an instant, as YYYY-MM-DD. */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next Asia/Shanghai midnight after an instant: when the day's counters start again. */
export function nextShanghaiMidnight(now: Date): Date {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const nextLocalMidnight = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + 1,
  );
  return new Date(nextLocalMidnight - SHANGHAI_OFFSET_MS);
}

/** The message of QUOTA_USED_UP: which limit, and how to lift it. */
export function quotaUsedUpMessage(counter: QuotaCounter, limit: number): string {
  switch (counter) {
    case 'submissions':
      return `今日代码提交${QUOTA_USED_UP_PHRASE}（每日 ${limit} 次，含订正）。开通会员可无限次提交，或明天 0 点（北京时间）后再试。`;
    case 'cleans':
      return `今日清空作答记录${QUOTA_USED_UP_PHRASE}（每日 ${limit} 次）。开通会员可无限次清空作答记录，或明天 0 点（北京时间）后再试。`;
    case 'runs':
      return `今日运行${QUOTA_USED_UP_PHRASE}（每日 ${limit} 次，防止滥用，会员同样适用）。请明天 0 点（北京时间）后再试。`;
  }
}

/** A counter's limit for a holder of these rights: null when one of them lifts it. */
export function limitOf(
  counter: QuotaCounter,
  rightCodes: readonly string[],
  limits: QuotaLimits,
): number | null {
  const right = LIFTED_BY[counter];
  return right !== null && rightCodes.includes(right) ? null : limits[counter];
}

/** The codes of the rights of the member's valid cards (`cards` when read already). */
async function rightCodesOf(
  db: Queryable,
  memberId: number,
  cards?: ValidCard[],
): Promise<string[]> {
  const current = cards ? await rightsOfCards(db, cards) : await currentRights(db, memberId);
  return current.rights.map((r) => r.code);
}

/**
 * The upsert that takes one unit, parameters $1 member, $2 day, $3 counter, $4 limit: with limit
 * NULL it always counts (members see their use even when unlimited); otherwise the row is only
 * raised below the limit, and a first row made only when the limit is above 0. It returns a row
 * when it took the unit, none when the day's limit is used up. The submit path runs it as part
 * of its one statement (queue.ts).
 */
export const TAKE_UNIT_SQL = `INSERT INTO member_daily_usage AS u (member_id, day, counter, used)
   SELECT $1, $2::date, $3, 1 WHERE $4::int IS NULL OR $4::int > 0
   ON CONFLICT (member_id, day, counter)
   DO UPDATE SET used = u.used + 1 WHERE $4::int IS NULL OR u.used < $4::int`;

/** One unit of a counter for today, as the member's rights and the policy price it. */
export interface QuotaUnit {
  memberId: number;
  counter: QuotaCounter;
  limit: number | null;
  now: Date;
}

/** The parameters $1–$4 of TAKE_UNIT_SQL. */
export const takeUnitParams = (u: QuotaUnit): unknown[] => [
  u.memberId,
  shanghaiDay(u.now),
  u.counter,
  u.limit,
];

/**
 * The unit a member's next use of a counter takes (reads their rights where they lift it, from
 * `cards` when the caller has read the member's valid cards already).
 */
export async function quotaUnit(
  db: Queryable,
  policy: QuotaPolicy,
  memberId: number,
  counter: QuotaCounter,
  cards?: ValidCard[],
): Promise<QuotaUnit> {
  const limit =
    LIFTED_BY[counter] === null
      ? policy.limits[counter]
      : limitOf(counter, await rightCodesOf(db, memberId, cards), policy.limits);
  return { memberId, counter, limit, now: policy.now() };
}

/** QUOTA_USED_UP for a unit that could not be taken (data: counter, limit, resetsAt). */
export const quotaUsedUp = (u: QuotaUnit) =>
  fail('QUOTA_USED_UP', quotaUsedUpMessage(u.counter, u.limit ?? 0), {
    counter: u.counter,
    limit: u.limit,
    resetsAt: nextShanghaiMidnight(u.now).toISOString(),
  });

/**
 * Uses one unit of a counter for today, or throws QUOTA_USED_UP. Call it inside the transaction
 * that writes what the unit pays for.
 */
export async function consumeQuota(
  db: Queryable,
  policy: QuotaPolicy,
  memberId: number,
  counter: QuotaCounter,
): Promise<void> {
  const unit = await quotaUnit(db, policy, memberId, counter);
  const { rowCount } = await queryPrepared(db, TAKE_UNIT_SQL, takeUnitParams(unit));
  if (rowCount === 0) throw quotaUsedUp(unit);
}

export interface QuotaUsage {
  used: number;
  limit: number | null;
}

/** Today's use and limits of the counters a member sees (memberQuestion queryQuota). */
export async function readQuota(
  db: Queryable,
  policy: QuotaPolicy,
  memberId: number,
): Promise<{ submissions: QuotaUsage; cleans: QuotaUsage; resetsAt: string }> {
  const now = policy.now();
  const { rows } = await db.query<{ counter: QuotaCounter; used: number }>(
    `SELECT counter, used FROM member_daily_usage WHERE member_id = $1 AND day = $2::date`,
    [memberId, shanghaiDay(now)],
  );
  const used = (c: QuotaCounter) => rows.find((r) => r.counter === c)?.used ?? 0;
  const rights = await rightCodesOf(db, memberId);
  const limit = (c: QuotaCounter) => limitOf(c, rights, policy.limits);
  return {
    submissions: { used: used('submissions'), limit: limit('submissions') },
    cleans: { used: used('cleans'), limit: limit('cleans') },
    resetsAt: nextShanghaiMidnight(now).toISOString(),
  };
}
