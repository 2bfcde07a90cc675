/**
 * memberQuestion reviewSubmit (订正) over real HTTP with a real judge worker: refused without a
 * failed first attempt, judged like a submission once there is one, recorded as kind 'review',
 * shown in the learner's history, counted toward the daily submission quota and counted apart
 * in the teacher's statistics.
 *
 * The demo student (annual card with the default rights) is in the teacher's organization; the
 * demo parent holds no card, so the submission limit applies to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallBody } from '../../src/contract/call.ts';
import { memberQuestion as memberQuestionApi } from '../../src/contract/member-question/calls.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { insertObjectiveQuestion } from '../support/questions.ts';
import { judged } from '../support/answers.ts';
import { errorOf } from '../support/errors.ts';

const SUBMISSION_LIMIT = 3;
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';

let platform: TestPlatform;
let student: Transport;
let parent: Transport;
let teacher: Transport;
let studentId: number;
let aPlusB: number;
/** Two single-choice questions; the right answer of both is '0010'. */
let objectiveOne: number;
let objectiveTwo: number;

type ReviewBody = CallBody<(typeof memberQuestionApi)['memberQuestion.reviewSubmit']>;

const review = (api: Transport, body: ReviewBody) =>
  api.call(memberQuestionApi['memberQuestion.reviewSubmit'], { body, skipErrorHandler: true });

async function answersOf(memberId: number): Promise<number> {
  const { rows } = await platform.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_questions WHERE member_id = $1`,
    [memberId],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    quotas: { submissions: SUBMISSION_LIMIT },
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', JUDGE_CACHE_DIR: TEST_CACHE_DIR },
  });
  const { rows } = await platform.pool.query<{ id: number }>(
    `SELECT id FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
  );
  aPlusB = rows[0]!.id;
  const single = (title: string) =>
    insertObjectiveQuestion(platform.pool, {
      type: 'single',
      title,
      options: ['1', '2', '4', '8'],
      answer: '0010',
    });
  objectiveOne = await single('C++ 中 int 通常占几个字节？');
  objectiveTwo = await single('C++ 中 float 通常占几个字节？');

  student = sdk(platform.apiUrl);
  parent = sdk(platform.apiUrl);
  teacher = sdk(platform.apiUrl);
  const login = (api: Transport, a: { username: string; password: string }) =>
    api.call(accounts.loginByPwd, { body: { username: a.username, password: a.password } });
  studentId = (await login(student, platform.accounts.student)).id;
  await login(parent, platform.accounts.parent);
  await login(teacher, platform.accounts.teacher);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('reviewSubmit refusals', () => {
  it('refuses a question never attempted with CONFLICT, recording nothing', async () => {
    const before = await answersOf(studentId);
    const error = await errorOf(
      review(student, { questionId: aPlusB, language: 'python', source: RIGHT }),
    );
    expect(error?.code).toBe(ErrorCode.CONFLICT);
    expect(error?.message).toContain('订正');
    expect(await answersOf(studentId)).toBe(before);
  });

  it('refuses a question whose attempts were all accepted', async () => {
    const right = await student.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: objectiveTwo, answer: '0010' },
    });
    expect(right.verdict).toBe('AC');
    const error = await errorOf(review(student, { questionId: objectiveTwo, answer: '0010' }));
    expect(error?.code).toBe(ErrorCode.CONFLICT);
  });

  it('names the field of bad input', async () => {
    const fieldOf = async (body: Record<string, unknown>) =>
      (await errorOf(review(student, body as ReviewBody)))?.fieldErrors ?? {};
    expect(await fieldOf({ questionId: aPlusB, source: RIGHT })).toHaveProperty('body.language');
    expect(await fieldOf({ questionId: aPlusB, language: 'python' })).toHaveProperty('body.source');
    expect(await fieldOf({ questionId: objectiveOne })).toHaveProperty('body.answer');
    expect(await fieldOf({ questionId: objectiveOne, answer: '12' })).toHaveProperty('body.answer');
    // Checked against the question before the review's precondition.
    expect(await fieldOf({ questionId: objectiveOne, answer: '01' })).toHaveProperty('body.answer');
    expect(await fieldOf({ questionId: -1, answer: '0010' })).toHaveProperty('body.questionId');
    expect(await fieldOf({ questionId: aPlusB, language: 'java', source: RIGHT })).toHaveProperty(
      'body.language',
    );
    const message = (await errorOf(review(student, { questionId: aPlusB, source: RIGHT })))
      ?.message;
    expect(message).toMatch(/语言/);
  });

  it('answers NOT_FOUND for an unknown question and NOT_LOGGED_IN without a login', async () => {
    const unknown = await errorOf(review(student, { questionId: 999_999, answer: '0010' }));
    expect(unknown?.code).toBe(ErrorCode.NOT_FOUND);
    const anonymous = await errorOf(
      review(sdk(platform.apiUrl), { questionId: objectiveOne, answer: '0010' }),
    );
    expect(anonymous?.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('reviewSubmit after a failed attempt', () => {
  let reviewId: number;

  it('judges a programming review like a submission and records it as kind review', async () => {
    const failed = await student.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: WRONG },
    });
    expect((await judged(student, failed.id)).verdict).toBe('WA');
    const usedBefore = (await student.call(memberQuestionApi['memberQuestion.queryQuota'], {}))
      .submissions.used;

    const queued = await review(student, { questionId: aPlusB, language: 'python', source: RIGHT });
    expect(queued).toMatchObject({ kind: 'review', questionId: aPlusB });
    // The call answers before the verdict; an idle worker may already have taken the job.
    expect(['queued', 'compiling', 'running']).toContain(queued.status);
    reviewId = queued.id;
    const detail = await judged(student, queued.id);
    expect(detail).toMatchObject({ kind: 'review', verdict: 'AC', score: 100, maxScore: 100 });
    expect(detail.cases).toHaveLength(11);
    // Counted toward today's submissions (the student is unlimited, but the use is counted).
    expect(
      (await student.call(memberQuestionApi['memberQuestion.queryQuota'], {})).submissions.used,
    ).toBe(usedBefore + 1);
  }, 120_000);

  it('shows the review in the history, filtered by kind, and as the latest answer', async () => {
    const reviews = await student.call(memberQuestionApi['memberQuestion.queryList'], {
      body: { questionId: aPlusB, kind: 'review' },
    });
    expect(reviews.content.map((a) => a.id)).toEqual([reviewId]);
    const submissions = await student.call(memberQuestionApi['memberQuestion.queryList'], {
      body: { questionId: aPlusB, kind: 'submit' },
    });
    expect(submissions.content.map((a) => a.kind)).toEqual(['submit']);
    const latest = await student.call(memberQuestionApi['memberQuestion.queryLatestList'], {
      body: { questionIds: [aPlusB] },
    });
    expect(latest).toMatchObject([{ id: reviewId, kind: 'review', verdict: 'AC' }]);
  });

  it('grades an objective review at once', async () => {
    const wrong = await student.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: objectiveOne, answer: '1000' },
    });
    expect(wrong.verdict).toBe('WA');
    const corrected = await review(student, { questionId: objectiveOne, answer: '0010' });
    expect(corrected).toMatchObject({ kind: 'review', status: 'done', verdict: 'AC', score: 100 });
  });

  it('lists reviews to the teacher and counts them apart in the statistics', async () => {
    const list = await teacher.call(memberQuestionApi['memberQuestion.queryListByTeacher'], {
      query: { page: 0, size: 20 },
      body: { memberId: studentId, questionId: aPlusB },
    });
    expect(list.content.map((a) => a.kind)).toEqual(['review', 'submit']);

    const statistics = async (questionId?: number) =>
      (
        await teacher.call(memberQuestionApi['memberQuestion.queryStatisticsGroupByMember'], {
          query: { page: 0, size: 50 },
          body: questionId === undefined ? {} : { questionId },
        })
      ).content.find((m) => m.memberId === studentId);
    // First attempts: A+B WA, objective one WA, objective two AC. Reviews: A+B AC, objective
    // one AC — both questions first failed, then corrected.
    expect(await statistics()).toMatchObject({
      submissions: 3,
      accepted: 1,
      solvedQuestions: 1,
      reviews: 2,
      corrected: 2,
    });
    expect(await statistics(aPlusB)).toMatchObject({
      submissions: 1,
      accepted: 0,
      solvedQuestions: 0,
      reviews: 1,
      corrected: 1,
    });
    expect(await statistics(objectiveTwo)).toMatchObject({ reviews: 0, corrected: 0 });
  });

  it('is refused again once the failed attempt is cleaned from the history', async () => {
    await student.call(memberQuestionApi['oj.memberQuestion.clean'], {
      body: { questionId: objectiveOne },
    });
    const error = await errorOf(review(student, { questionId: objectiveOne, answer: '0010' }));
    expect(error?.code).toBe(ErrorCode.CONFLICT);
  });
});

describe('reviews and the daily submission limit', () => {
  it('count toward it: past the limit a review is refused with QUOTA_USED_UP', async () => {
    const failed = await parent.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: WRONG },
    });
    expect((await judged(parent, failed.id)).verdict).toBe('WA');
    for (let i = 1; i < SUBMISSION_LIMIT; i++) {
      await review(parent, { questionId: aPlusB, language: 'python', source: RIGHT });
    }
    expect(
      (await parent.call(memberQuestionApi['memberQuestion.queryQuota'], {})).submissions,
    ).toEqual({
      used: SUBMISSION_LIMIT,
      limit: SUBMISSION_LIMIT,
    });
    const error = await errorOf(
      review(parent, { questionId: aPlusB, language: 'python', source: RIGHT }),
    );
    expect(error?.code).toBe(ErrorCode.QUOTA_USED_UP);
    expect(error?.message).toContain('开通会员');
    // Objective reviews are not programming submissions: still allowed.
    await parent.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: objectiveOne, answer: '1000' },
    });
    expect((await review(parent, { questionId: objectiveOne, answer: '0010' })).verdict).toBe('AC');
  }, 120_000);
});
