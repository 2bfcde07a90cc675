/**
 * The teacher's view of answers (memberQuestion queryListByTeacher and
 * queryStatisticsGroupByMember) and question debug (a question's reference solution run on
 * given input through the judge queue). A student answers seeded questions through a real
 * judge worker; the teacher of the same organization reads them back, the same teacher in
 * another organization does not see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberQuestion as memberQuestionApi } from '../../src/contract/member-question/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { judged } from '../support/answers.ts';
import { errorOf } from '../support/errors.ts';

let platform: TestPlatform;
let student: Transport;
let teacher: Transport;
let studentMemberId: number;
const questionIds = new Map<string, number>();
const ids = { aPlusB: 0, oddEven: 0, objective: 0 };

/** The seeded reference solution (or wrong one) of a seeded problem, read from the database. */
async function seededSource(dir: string, language: 'cpp' | 'python'): Promise<string> {
  const { rows } = await platform.pool.query<{ s: Record<string, string> }>(
    `SELECT reference_solutions AS s FROM questions WHERE seed_key = $1`,
    [`problem:${dir}`],
  );
  return rows[0]!.s[language]!;
}

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', JUDGE_CACHE_DIR: TEST_CACHE_DIR },
  });
  const { rows } = await platform.pool.query<{ id: number; seed_key: string }>(
    `SELECT id, seed_key FROM questions WHERE seed_key IN ('problem:01-a-plus-b', 'problem:02-odd-even')
        OR (seed_key LIKE 'question:%' AND type = 'single')`,
  );
  for (const r of rows) questionIds.set(r.seed_key, r.id);
  ids.aPlusB = questionIds.get('problem:01-a-plus-b')!;
  ids.oddEven = questionIds.get('problem:02-odd-even')!;
  ids.objective = rows.find((r) => r.seed_key.startsWith('question:'))!.id;
  // The seed's finished contest gave class students of this organization answers last month
  // (seed/activities.ts); this file counts the organization's answers it makes itself.
  const removed = await platform.pool.query(
    `DELETE FROM member_questions mq USING activities a
      WHERE a.seed_key = 'activity:autumn-cup'
        AND mq.created_at >= a.start_at AND mq.created_at < a.end_at`,
  );
  expect(removed.rowCount).toBeGreaterThan(0);

  student = sdk(platform.apiUrl);
  teacher = sdk(platform.apiUrl);
  const login = (api: Transport, a: { username: string; password: string }) =>
    api.call(accounts.loginByPwd, { body: { username: a.username, password: a.password } });
  studentMemberId = (await login(student, platform.accounts.student)).id;
  await login(teacher, platform.accounts.teacher);

  // The student's work: A+B right and wrong, odd/even right, and a debug run (not a submission).
  const abRight = await seededSource('01-a-plus-b', 'python');
  const submissions = [
    { questionId: ids.aPlusB, source: abRight },
    { questionId: ids.aPlusB, source: abRight.replace('a + b', 'a - b') },
    { questionId: ids.oddEven, source: await seededSource('02-odd-even', 'python') },
  ];
  for (const s of submissions) {
    const queued = await student.call(memberQuestionApi['memberQuestion.submitAnswer'], {
      body: { questionId: s.questionId, language: 'python', source: s.source },
    });
    await judged(student, queued.id);
  }
  const debug = await student.call(memberQuestionApi['memberQuestion.debug'], {
    body: { questionId: ids.aPlusB, language: 'python', source: abRight, input: '1 2\n' },
  });
  await judged(student, debug.id);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('memberQuestion queryListByTeacher', () => {
  const list = (
    body: Parameters<
      typeof teacher.call<(typeof memberQuestionApi)['memberQuestion.queryListByTeacher']>
    >[1],
  ) => teacher.call(memberQuestionApi['memberQuestion.queryListByTeacher'], body);

  it("lists the organization's submissions, newest first, with the member; debug runs are not submissions", async () => {
    const page = await list({ query: { page: 0, size: 20 }, body: {} });
    expect(page.totalElements).toBe(3);
    expect(page.content.map((a) => [a.questionId, a.verdict])).toEqual([
      [ids.oddEven, 'AC'],
      [ids.aPlusB, 'WA'],
      [ids.aPlusB, 'AC'],
    ]);
    for (const a of page.content) {
      expect(a).toMatchObject({
        kind: 'submit',
        memberId: studentMemberId,
        memberNickname: '演示学生',
        status: 'done',
        language: 'python',
      });
    }
  });

  it('filters by verdict, question and member, and pages', async () => {
    const wrong = await list({ query: { page: 0, size: 20 }, body: { verdict: 'WA' } });
    expect(wrong.content.map((a) => a.questionId)).toEqual([ids.aPlusB]);
    const aPlusB = await list({ query: { page: 0, size: 20 }, body: { questionId: ids.aPlusB } });
    expect(aPlusB.totalElements).toBe(2);
    const nobody = await list({ query: { page: 0, size: 20 }, body: { memberId: 999_999 } });
    expect(nobody.totalElements).toBe(0);
    const second = await list({ query: { page: 1, size: 2 }, body: { memberId: studentMemberId } });
    expect(second.totalElements).toBe(3);
    expect(second.content.map((a) => a.verdict)).toEqual(['AC']);
    expect(second.content[0]!.questionId).toBe(ids.aPlusB);
  });

  it('is refused to a student', async () => {
    const error = await errorOf(
      student.call(memberQuestionApi['memberQuestion.queryListByTeacher'], {
        query: { page: 0, size: 20 },
        body: {},
      }),
    );
    expect(error?.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('memberQuestion queryStatisticsGroupByMember', () => {
  it('counts submissions, accepted answers and distinct solved questions per student', async () => {
    const page = await teacher.call(
      memberQuestionApi['memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 0, size: 200 },
        body: {},
      },
    );
    const mine = page.content.find((m) => m.memberId === studentMemberId);
    expect(mine).toMatchObject({
      memberNickname: '演示学生',
      submissions: 3,
      accepted: 2,
      solvedQuestions: 2,
    });
    expect(mine!.lastSubmittedAt).not.toBeNull();
    // Ordered by solved questions: the student who solved two comes first.
    expect(page.content[0]!.memberId).toBe(studentMemberId);
    // Every student of the organization is listed, those without submissions with zeros.
    for (const m of page.content.filter((x) => x.memberId !== studentMemberId)) {
      expect(m).toMatchObject({ submissions: 0, accepted: 0, solvedQuestions: 0 });
    }
    expect(page.totalElements).toBe(page.content.length);
  });

  it('can be limited to one question', async () => {
    const page = await teacher.call(
      memberQuestionApi['memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 0, size: 50 },
        body: { questionId: ids.aPlusB },
      },
    );
    expect(page.content.find((m) => m.memberId === studentMemberId)).toMatchObject({
      submissions: 2,
      accepted: 1,
      solvedQuestions: 1,
    });
  });
});

describe('question debug', () => {
  it("runs the question's reference solution on the given input for a teacher", async () => {
    for (const language of ['cpp', 'python'] as const) {
      const queued = await teacher.call(questionApi['question.debug'], {
        body: { id: ids.aPlusB, language, input: '40 2\n' },
      });
      const detail = await judged(teacher, queued.id, 90_000);
      expect(detail).toMatchObject({ kind: 'debug', status: 'done', language });
      expect(detail.run?.stdout.trim()).toBe('42');
    }
  }, 120_000);

  it('refuses a student, an objective question and an unknown question', async () => {
    const asStudent = await errorOf(
      student.call(questionApi['question.debug'], {
        body: { id: ids.aPlusB, language: 'cpp', input: '' },
      }),
    );
    expect(asStudent?.code).toBe(ErrorCode.FORBIDDEN);
    const objective = await errorOf(
      teacher.call(questionApi['question.debug'], {
        body: { id: ids.objective, language: 'cpp', input: '' },
      }),
    );
    expect(objective?.code).toBe(ErrorCode.VALIDATION);
    const unknown = await errorOf(
      teacher.call(questionApi['question.debug'], {
        body: { id: 999_999, language: 'cpp', input: '' },
      }),
    );
    expect(unknown?.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('runs in the edms area for a teacher and in the bms area for a platform admin only', async () => {
    const edms = await teacher.call(questionApi['edms.question.debug'], {
      body: { id: ids.aPlusB, language: 'python', input: '1 2\n' },
    });
    expect((await judged(teacher, edms.id, 90_000)).run?.stdout.trim()).toBe('3');

    const admin = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.admin;
    await admin.call(accounts.loginByPwd, { body: { username, password } });
    const bms = await admin.call(questionApi['bms.question.debug'], {
      body: { id: ids.aPlusB, language: 'cpp', input: '5 6\n' },
    });
    expect((await judged(admin, bms.id, 90_000)).run?.stdout.trim()).toBe('11');

    const teacherInBms = await errorOf(
      teacher.call(questionApi['bms.question.debug'], {
        body: { id: ids.aPlusB, language: 'cpp', input: '' },
      }),
    );
    expect(teacherInBms?.code).toBe(ErrorCode.FORBIDDEN);
    const badLanguage = await errorOf(
      admin.call(questionApi['bms.question.debug'], {
        body: { id: ids.aPlusB, language: 'java' as 'cpp', input: '' },
      }),
    );
    expect(badLanguage?.code).toBe(ErrorCode.VALIDATION);
    expect(badLanguage?.message).toContain('language');
  }, 120_000);
});

describe('answers in the edms and bms areas', () => {
  const teacherList = () =>
    teacher.call(memberQuestionApi['edms.memberQuestion.queryListByTeacher'], {
      query: { page: 0, size: 20 },
      body: {},
    });

  it("lets a teacher open a student's answer, with the code and the failing case", async () => {
    const wrong = (await teacherList()).content.find((a) => a.verdict === 'WA')!;
    const detail = await teacher.call(memberQuestionApi['edms.memberQuestion.queryById'], {
      query: { id: wrong.id },
    });
    expect(detail).toMatchObject({
      id: wrong.id,
      memberId: studentMemberId,
      memberNickname: '演示学生',
      verdict: 'WA',
      failingCaseHidden: false,
    });
    expect(detail.source).toContain('a - b');
    expect(detail.failingCase?.input).toBeTruthy();
    const missing = await errorOf(
      teacher.call(memberQuestionApi['edms.memberQuestion.queryById'], { query: { id: 999_999 } }),
    );
    expect(missing?.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('gives the same list and statistics as the un-prefixed calls, and the latest per question', async () => {
    const plain = await teacher.call(memberQuestionApi['memberQuestion.queryListByTeacher'], {
      query: { page: 0, size: 20 },
      body: {},
    });
    expect((await teacherList()).content.map((a) => a.id)).toEqual(plain.content.map((a) => a.id));
    const stats = await teacher.call(
      memberQuestionApi['edms.memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 0, size: 50 },
        body: {},
      },
    );
    expect(stats.content.find((m) => m.memberId === studentMemberId)).toMatchObject({
      submissions: 3,
      accepted: 2,
      solvedQuestions: 2,
    });
    // Past the last page the total still counts students, not their answers.
    const past = await teacher.call(
      memberQuestionApi['edms.memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 99, size: 50 },
        body: {},
      },
    );
    expect(past).toMatchObject({ content: [], totalElements: stats.totalElements });
    const latest = await teacher.call(memberQuestionApi['edms.memberQuestion.queryLatestList'], {
      body: { memberId: studentMemberId, questionIds: [ids.aPlusB, ids.oddEven, ids.objective] },
    });
    expect(latest.map((a) => [a.questionId, a.verdict]).sort()).toEqual(
      [
        [ids.aPlusB, 'WA'],
        [ids.oddEven, 'AC'],
      ].sort(),
    );
  });

  it('gives platform staff every organization, filtered by organization', async () => {
    const admin = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.admin;
    await admin.call(accounts.loginByPwd, { body: { username, password } });
    const all = await admin.call(memberQuestionApi['bms.memberQuestion.queryList'], {
      query: { page: 0, size: 50 },
      body: {},
    });
    const mine = all.content.filter((a) => a.memberId === studentMemberId);
    expect(mine).toHaveLength(3);
    const organizationId = mine[0]!.organizationId;
    const debugRuns = await admin.call(memberQuestionApi['bms.memberQuestion.queryList'], {
      query: { page: 0, size: 50 },
      body: { organizationId, kind: 'debug', memberId: studentMemberId },
    });
    expect(debugRuns.totalElements).toBe(1);
    const detail = await admin.call(memberQuestionApi['bms.memberQuestion.queryById'], {
      query: { id: mine[0]!.id },
    });
    expect(detail.organizationId).toBe(organizationId);
    const stats = await admin.call(
      memberQuestionApi['bms.memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 0, size: 50 },
        body: { organizationId },
      },
    );
    expect(stats.content.some((m) => m.memberId === studentMemberId)).toBe(true);
    const noOrganization = await errorOf(
      admin.call(memberQuestionApi['bms.memberQuestion.queryStatisticsGroupByMember'], {
        query: { page: 0, size: 50 },
        body: {},
      } as never),
    );
    expect(noOrganization?.code).toBe(ErrorCode.VALIDATION);
    expect(noOrganization?.message).toContain('organizationId');
  });

  it('refuses a student in edms and a teacher in bms', async () => {
    const asStudent = await errorOf(
      student.call(memberQuestionApi['edms.memberQuestion.queryListByTeacher'], {
        query: { page: 0, size: 20 },
        body: {},
      }),
    );
    expect(asStudent?.code).toBe(ErrorCode.FORBIDDEN);
    const asTeacher = await errorOf(
      teacher.call(memberQuestionApi['bms.memberQuestion.queryList'], {
        query: { page: 0, size: 20 },
        body: {},
      }),
    );
    expect(asTeacher?.code).toBe(ErrorCode.FORBIDDEN);
  });

  it("cleans a student's history for them, keeping the records for statistics", async () => {
    const foreign = await errorOf(
      teacher.call(memberQuestionApi['edms.memberQuestion.batchClean'], {
        body: { memberIds: [999_999] },
      }),
    );
    expect(foreign?.code).toBe(ErrorCode.VALIDATION);
    expect(foreign?.message).toContain('body.memberIds.0');
    const empty = await errorOf(
      teacher.call(memberQuestionApi['edms.memberQuestion.batchClean'], {
        body: { memberIds: [] },
      }),
    );
    expect(empty?.code).toBe(ErrorCode.VALIDATION);

    const done = await teacher.call(memberQuestionApi['edms.memberQuestion.batchClean'], {
      body: { memberIds: [studentMemberId], questionId: ids.oddEven },
    });
    expect(done.cleaned).toBe(1);
    const own = await student.call(memberQuestionApi['memberQuestion.queryList'], {
      query: { page: 0, size: 20 },
      body: { questionId: ids.oddEven },
    });
    expect(own.totalElements).toBe(0);
    expect((await teacherList()).totalElements).toBe(3);
  });
});

describe('another organization', () => {
  it("sees none of this organization's answers", async () => {
    const [other] = await teacher.call(accounts['oj.member.queryMineTeacherList']);
    await teacher.call(accounts.switchOrganization, { body: { memberId: other!.id } });
    const list = await teacher.call(memberQuestionApi['memberQuestion.queryListByTeacher'], {
      query: { page: 0, size: 20 },
      body: {},
    });
    expect(list.totalElements).toBe(0);
    const stats = await teacher.call(
      memberQuestionApi['memberQuestion.queryStatisticsGroupByMember'],
      {
        query: { page: 0, size: 50 },
        body: {},
      },
    );
    expect(stats.content.some((m) => m.memberId === studentMemberId)).toBe(false);
    const answer = await errorOf(
      teacher.call(memberQuestionApi['edms.memberQuestion.queryLatestList'], {
        body: { memberId: studentMemberId, questionIds: [ids.aPlusB] },
      }),
    );
    expect(answer?.code).toBe(ErrorCode.NOT_FOUND);
    const clean = await errorOf(
      teacher.call(memberQuestionApi['edms.memberQuestion.batchClean'], {
        body: { memberIds: [studentMemberId] },
      }),
    );
    expect(clean?.code).toBe(ErrorCode.VALIDATION);
  });
});
