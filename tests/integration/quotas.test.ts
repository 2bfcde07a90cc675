/**
 * Daily quotas tied to card rights (issue 3 §6; src/server/member-question/quota.ts), over real
 * HTTP. No judge workers: answers stay queued, which is all a quota needs. The platform's quota
 * clock is a variable here, so a test crosses Shanghai midnight without sleeping.
 *
 * The demo parent holds no card (limited); the demo student holds the annual card with the
 * default rights (unlimitedSubmission, answerRecordClear …).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode, QUOTA_USED_UP_PHRASE } from '../../src/contract/errors.ts';
import type { ApiError } from '../../src/transport/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { errorOf } from '../support/errors.ts';

const LIMITS = { submissions: 3, cleans: 2, runs: 4 };
const SOURCE = 'a, b = map(int, input().split())\nprint(a + b)\n';

let platform: TestPlatform;
/** The platform's quota clock. */
let clock = new Date();
let parent: Transport;
let student: Transport;
let parentId: number;
let aPlusB: number;
let objective: { id: number; options: number };

const submit = (api: Transport) =>
  api.call(memberQuestion['memberQuestion.submitAnswer'], {
    body: { questionId: aPlusB, language: 'python', source: SOURCE },
    skipErrorHandler: true,
  });
const debug = (api: Transport) =>
  api.call(memberQuestion['memberQuestion.debug'], {
    body: { questionId: aPlusB, language: 'python', source: SOURCE, input: '1 2\n' },
    skipErrorHandler: true,
  });
const quota = (api: Transport) => api.call(memberQuestion['memberQuestion.queryQuota'], {});

async function answersOf(memberId: number): Promise<number> {
  const { rows } = await platform.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_questions WHERE member_id = $1`,
    [memberId],
  );
  return rows[0]!.n;
}

async function jobCount(): Promise<number> {
  const { rows } = await platform.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM judge_jobs`,
  );
  return rows[0]!.n;
}

function expectUsedUp(error: ApiError | null, counter: string, limit: number) {
  expect(error?.code).toBe(ErrorCode.QUOTA_USED_UP);
  expect(error?.status).toBe(429);
  expect(error?.message).toContain(QUOTA_USED_UP_PHRASE);
  expect(error?.message).toContain(`每日 ${limit} 次`);
  expect(error?.data).toMatchObject({ counter, limit });
}

beforeAll(async () => {
  platform = await startTestPlatform({ quotas: LIMITS, quotaClock: () => clock });
  const { rows } = await platform.pool.query<{ id: number; seed_key: string; options: unknown[] }>(
    `SELECT id, seed_key, options FROM questions
      WHERE seed_key = 'problem:01-a-plus-b' OR (seed_key LIKE 'question:%' AND type = 'single')
      ORDER BY id`,
  );
  aPlusB = rows.find((r) => r.seed_key === 'problem:01-a-plus-b')!.id;
  const single = rows.find((r) => r.seed_key.startsWith('question:'))!;
  objective = { id: single.id, options: single.options.length };

  parent = sdk(platform.apiUrl);
  student = sdk(platform.apiUrl);
  const login = (api: Transport, a: { username: string; password: string }) =>
    api.call(accounts.loginByPwd, { body: { username: a.username, password: a.password } });
  parentId = (await login(parent, platform.accounts.parent)).id;
  await login(student, platform.accounts.student);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

beforeEach(async () => {
  clock = new Date();
  await platform.pool.query(`DELETE FROM member_daily_usage`);
});

describe('memberQuestion queryQuota', () => {
  it("shows today's use, the limits and the next Shanghai midnight", async () => {
    clock = new Date('2026-05-01T15:30:00Z'); // 23:30 in Shanghai
    expect(await quota(parent)).toEqual({
      submissions: { used: 0, limit: LIMITS.submissions },
      cleans: { used: 0, limit: LIMITS.cleans },
      resetsAt: '2026-05-01T16:00:00.000Z',
    });
  });

  it('shows null limits for a member whose card grants the rights', async () => {
    const answer = await quota(student);
    expect(answer.submissions.limit).toBeNull();
    expect(answer.cleans.limit).toBeNull();
  });

  it('needs a login', async () => {
    const error = await errorOf(
      sdk(platform.apiUrl).call(memberQuestion['memberQuestion.queryQuota'], {
        skipErrorHandler: true,
      }),
    );
    expect(error?.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('the submission quota', () => {
  it('refuses the submission after the limit with QUOTA_USED_UP, recording and queueing nothing', async () => {
    for (let i = 0; i < LIMITS.submissions; i++) await submit(parent);
    expect((await quota(parent)).submissions).toEqual({ used: 3, limit: 3 });

    const answers = await answersOf(parentId);
    const jobs = await jobCount();
    const error = await errorOf(submit(parent));
    expectUsedUp(error, 'submissions', LIMITS.submissions);
    expect(error?.message).toContain('开通会员');
    expect(await answersOf(parentId)).toBe(answers);
    expect(await jobCount()).toBe(jobs);
    expect((await quota(parent)).submissions.used).toBe(3);
  });

  it('does not count objective answers or debug runs', async () => {
    for (let i = 0; i < LIMITS.submissions; i++) await submit(parent);
    const flags = '1'.padEnd(objective.options, '0');
    const graded = await parent.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective.id, answer: flags },
    });
    expect(graded.status).toBe('done');
    await debug(parent);
    expect((await quota(parent)).submissions.used).toBe(3);
  });

  it('lets a member with unlimitedSubmission submit past the limit, still counting', async () => {
    for (let i = 0; i < LIMITS.submissions + 2; i++) await submit(student);
    expect((await quota(student)).submissions).toEqual({ used: 5, limit: null });
  });

  it('lets exactly one of several concurrent submissions at limit − 1 through', async () => {
    for (let i = 0; i < LIMITS.submissions - 1; i++) await submit(parent);
    const answers = await answersOf(parentId);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => submit(parent)));
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as ApiError).code === ErrorCode.QUOTA_USED_UP,
    );
    expect(passed).toHaveLength(1);
    expect(refused).toHaveLength(5);
    expect(await answersOf(parentId)).toBe(answers + 1);
    expect((await quota(parent)).submissions.used).toBe(LIMITS.submissions);
  });

  it('lets exactly the limit through when a burst starts the day', async () => {
    const answers = await answersOf(parentId);
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => submit(parent)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.submissions);
    expect(await answersOf(parentId)).toBe(answers + LIMITS.submissions);
  });

  it('starts again at Shanghai midnight, not UTC midnight', async () => {
    clock = new Date('2026-05-01T10:00:00Z'); // 18:00 in Shanghai
    for (let i = 0; i < LIMITS.submissions; i++) await submit(parent);
    clock = new Date('2026-05-01T15:59:59.999Z'); // a millisecond before Shanghai midnight
    expectUsedUp(await errorOf(submit(parent)), 'submissions', LIMITS.submissions);

    clock = new Date('2026-05-01T16:00:00Z'); // 00:00 on 2 May in Shanghai, still 1 May in UTC
    await submit(parent);
    expect(await quota(parent)).toMatchObject({
      submissions: { used: 1, limit: LIMITS.submissions },
      resetsAt: '2026-05-02T16:00:00.000Z',
    });
  });
});

describe('the run bound', () => {
  it('bounds debug and playground runs together, for members with every right too', async () => {
    for (const api of [parent, student]) {
      for (let i = 0; i < LIMITS.runs - 1; i++) await debug(api);
      await api.call(memberQuestion['memberPlayground.submitAnswer'], {
        body: { language: 'python', source: SOURCE, input: '' },
      });
      const before = await jobCount();
      const error = await errorOf(debug(api));
      expectUsedUp(error, 'runs', LIMITS.runs);
      expect(error?.message).toContain('运行');
      expect(await jobCount()).toBe(before);
      // Submissions have their own counter.
      await submit(api);
    }
  });
});

describe('the clean quota', () => {
  const clean = (api: Transport, questionId?: number) =>
    api.call(memberQuestion['oj.memberQuestion.clean'], {
      body: questionId === undefined ? {} : { questionId },
      skipErrorHandler: true,
    });
  const history = async (api: Transport) =>
    (await api.call(memberQuestion['memberQuestion.queryList'], { body: {} })).totalElements;

  it('counts only cleans that clear something, and refuses past the limit leaving the records', async () => {
    await submit(parent);
    expect((await clean(parent)).cleaned).toBeGreaterThan(0);
    // Nothing left to clear: answered, but the quota is not used.
    expect(await clean(parent)).toEqual({ cleaned: 0 });
    expect((await quota(parent)).cleans).toEqual({ used: 1, limit: LIMITS.cleans });

    await submit(parent);
    expect((await clean(parent, aPlusB)).cleaned).toBe(1);
    await submit(parent);
    const before = await history(parent);
    expect(before).toBe(1);
    const error = await errorOf(clean(parent));
    expectUsedUp(error, 'cleans', LIMITS.cleans);
    expect(error?.message).toContain('开通会员');
    expect(await history(parent)).toBe(before);
  });

  it('is unlimited with answerRecordClear', async () => {
    for (let i = 0; i < LIMITS.cleans + 1; i++) {
      await submit(student);
      expect((await clean(student)).cleaned).toBeGreaterThan(0);
    }
    expect((await quota(student)).cleans).toEqual({ used: 3, limit: null });
  });
});

describe('cards', () => {
  async function giveCard(memberId: number, name: string) {
    await platform.pool.query(
      `INSERT INTO member_memberships (member_id, membership_id, start_date, expire_date)
       SELECT $1, id, now(), now() + interval '30 days' FROM memberships WHERE name = $2`,
      [memberId, name],
    );
  }

  it('only a card with the right lifts a limit', async () => {
    // The coach card lists solutionVideo, mockExam and testCaseView only.
    await giveCard(parentId, '教练年卡');
    expect((await quota(parent)).submissions.limit).toBe(LIMITS.submissions);
    // A card listing no rights grants the default five.
    await giveCard(parentId, '学生季卡');
    expect(await quota(parent)).toMatchObject({
      submissions: { limit: null },
      cleans: { limit: null },
    });
    for (let i = 0; i < LIMITS.submissions + 1; i++) await submit(parent);
    expect((await quota(parent)).submissions).toEqual({ used: 4, limit: null });
  });
});
