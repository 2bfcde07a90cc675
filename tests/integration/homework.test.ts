/**
 * Homework over real HTTP (issue 8 item 4): assigned to a class's group on publishing, worked
 * on with drafts, runs and submissions (objective graded at once, programs judged), late
 * submissions marked and penalised, the grading overview, settling when it closes (idempotent,
 * nothing taken after), the report — and the refusals of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { homework as api } from '../../src/contract/homework/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { judged } from '../support/answers.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { insertObjectiveQuestion } from '../support/questions.ts';
import { loginAs } from '../support/sessions.ts';
import { madeMember } from '../support/people.ts';

let platform: TestPlatform;
let teacher: Transport;
let student: Transport;
let classmate: Transport;
let gradeId: number;
let aPlusB: number;
let choice: number;

const minute = 60_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const fieldsOf = (err: { data?: unknown }) =>
  ((err.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

const A_PLUS_B =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}';

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    examClockMs: 200,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', JUDGE_CACHE_DIR: TEST_CACHE_DIR },
  });
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: student } = await loginAs(platform, 'student'));
  const mate = madeMember(
    await teacher.call(organization['member.create'], {
      body: { nickname: '同班同学', mobile: '13966660001', password: 'Classmate#2026' },
    }),
  );
  classmate = sdk(platform.apiUrl);
  await classmate.call(accounts.loginByPwd, {
    body: { username: '13966660001', password: 'Classmate#2026' },
  });
  const g = await teacher.call(grade['edms.grade.create'], {
    body: { name: '作业测试班', startTime: at(-minute), endTime: at(90 * 24 * 60 * minute) },
  });
  gradeId = g.id;
  await teacher.call(grade['edms.grade.publish'], { body: { id: gradeId } });
  const enrolled = await teacher.call(grade['edms.grade.enroll.batchEnroll'], {
    body: { gradeId, memberIds: [(await student.call(accounts.queryCurrent)).id, mate.id] },
  });
  await teacher.call(grade['edms.grade.enroll.setGroups'], {
    body: { ids: [enrolled.rows[0]!.enrollId!], groups: ['提高组'] },
  });
  const seeded = await platform.pool.query<{ id: number }>(
    `SELECT id FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
  );
  aPlusB = seeded.rows[0]!.id;
  choice = await insertObjectiveQuestion(platform.pool, {
    type: 'single',
    title: '作业选择题',
    options: ['1', '2'],
    answer: '01',
  });
});
afterAll(async () => {
  await platform?.stop();
});

async function assign(extra: Record<string, unknown> = {}) {
  const hw = await teacher.call(api['edms.homework.create'], {
    body: {
      gradeId,
      title: `第${Math.random().toString(36).slice(2, 6)}次作业`,
      startAt: at(-minute),
      dueAt: at(30 * minute),
      questions: [
        { questionId: choice, score: 40 },
        { questionId: aPlusB, score: 60 },
      ],
      ...extra,
    },
  });
  expect(hw.state).toBe('approved');
  return teacher.call(api['edms.homework.publish'], { body: { id: hw.id } });
}

const myEnrollment = async (api_: Transport, homeworkId: number) =>
  (await api_.call(api['oj.homeworkEnroll.queryList'], { body: { homeworkId } })).content[0];

describe('assigning homework', () => {
  it('assigns it on publishing to the named group only', async () => {
    const hw = await assign({ groups: ['提高组'] });
    expect(hw).toMatchObject({ state: 'published', enrolledCount: 1, phase: 'open' });
    expect(await myEnrollment(student, hw.id)).toBeDefined();
    expect(await myEnrollment(classmate, hw.id)).toBeUndefined();
    const hidden = await failureOf(
      classmate.call(api['oj.homework.queryById'], { query: { id: hw.id } }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses questions learners cannot open, bad times, and another teacher’s class', async () => {
    const hiddenQ = await platform.pool.query<{ id: number }>(
      `INSERT INTO questions (type, title, options, answer, publication)
       VALUES ('single', '草稿题', '[{"label":"A","text":"x"},{"label":"B","text":"y"}]', '10', 'draft')
       RETURNING id`,
    );
    const draft = await failureOf(
      teacher.call(api['edms.homework.create'], {
        body: {
          gradeId,
          title: '含草稿题',
          startAt: at(0),
          dueAt: at(minute),
          questions: [{ questionId: hiddenQ.rows[0]!.id, score: 10 }],
        },
      }),
    );
    expect(fieldsOf(draft)).toEqual(['body.questions']);
    const backwards = await failureOf(
      teacher.call(api['edms.homework.create'], {
        body: {
          gradeId,
          title: '时间颠倒',
          startAt: at(minute),
          dueAt: at(0),
          questions: [{ questionId: choice, score: 10 }],
        },
      }),
    );
    expect(fieldsOf(backwards)).toEqual(['body.dueAt']);
    const { api: orgAdmin } = await loginAs(platform, 'orgAdmin');
    const other = await orgAdmin.call(grade['edms.grade.create'], {
      body: { name: '别人的班', startTime: at(0), endTime: at(60 * minute) },
    });
    const notTheirs = await failureOf(
      teacher.call(api['edms.homework.create'], {
        body: {
          gradeId: other.id,
          title: '越权',
          startAt: at(0),
          dueAt: at(minute),
          questions: [{ questionId: choice, score: 10 }],
        },
      }),
    );
    expect(fieldsOf(notTheirs)).toEqual(['body.gradeId']);
  });
});

describe('doing homework', () => {
  // The first C++ program of a fresh platform also builds the judge's precompiled header.
  it(
    'keeps drafts, grades objective answers at once, judges programs, and shows the overview',
    {
      timeout: 120_000,
    },
    async () => {
      const hw = await assign();
      const enroll = (await myEnrollment(student, hw.id))!;
      const saved = await student.call(api['oj.homeworkMemberQuestion.save'], {
        body: { homeworkEnrollId: enroll.id, questionId: aPlusB, language: 'cpp', draft: '// wip' },
      });
      expect(saved).toMatchObject({ draft: '// wip', submissions: 0 });
      const wrong = await student.call(api['oj.homeworkMemberQuestion.submit'], {
        body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '10' },
      });
      expect(wrong.verdict).toBe('WA');
      // No answer key in homework: the next submission could copy it.
      expect(wrong.solution).toBeNull();
      await student.call(api['oj.homeworkMemberQuestion.submit'], {
        body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
      });
      const program = await student.call(api['oj.homeworkMemberQuestion.submit'], {
        body: {
          homeworkEnrollId: enroll.id,
          questionId: aPlusB,
          language: 'cpp',
          source: A_PLUS_B,
        },
      });
      expect((await judged(student, program.id)).verdict).toBe('AC');
      const run = await student.call(api['oj.homeworkMemberQuestion.debug'], {
        body: {
          homeworkEnrollId: enroll.id,
          questionId: aPlusB,
          language: 'cpp',
          source: A_PLUS_B,
          input: '1 2',
        },
      });
      expect(run.id).toBeGreaterThan(0);

      const elsewhere = await insertObjectiveQuestion(platform.pool, {
        type: 'judge',
        title: '不在作业中的题',
        options: ['对', '错'],
        answer: '10',
      });
      const notInIt = await failureOf(
        student.call(api['oj.homeworkMemberQuestion.submit'], {
          body: { homeworkEnrollId: enroll.id, questionId: elsewhere, answer: '10' },
        }),
      );
      expect(fieldsOf(notInIt)).toEqual(['body.questionId']);
      const notMine = await failureOf(
        classmate.call(api['oj.homeworkMemberQuestion.submit'], {
          body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
        }),
      );
      expect(notMine.code).toBe(ErrorCode.NOT_FOUND);

      const overview = await teacher.call(
        api['edms.homeworkMemberQuestion.queryStatisticsGroupByMember'],
        {
          body: { homeworkId: hw.id },
        },
      );
      const row = overview.members.find((m) => m.enrollId === enroll.id)!;
      expect(row.total).toBe(100);
      expect(row.cells.map((c) => [c.bestScore, c.submissions])).toEqual([
        [40, 2],
        [60, 1],
      ]);
      const mateRow = overview.members.find((m) => m.memberName === '同班同学')!;
      expect(mateRow.cells.every((c) => c.bestScore === null)).toBe(true);
    },
  );

  it('marks late work, penalises it, settles when it closes, and takes nothing after', async () => {
    const hw = await assign({ latePenaltyPercent: 50 });
    const enroll = (await myEnrollment(student, hw.id))!;
    // The due time passes; the late window stays open.
    await platform.pool.query(
      `UPDATE homeworks SET start_at = now() - interval '2 hours', due_at = now() - interval '1 hour',
              late_until = now() + interval '1 hour' WHERE id = $1`,
      [hw.id],
    );
    await student.call(api['oj.homeworkMemberQuestion.submit'], {
      body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
    });
    const early = await failureOf(
      teacher.call(api['edms.homeworkEnroll.settle'], { body: { homeworkId: hw.id } }),
    );
    expect(early.message).toBe('作业尚未截止，不能结算');
    const lateRow = await student.call(api['oj.homeworkMemberQuestion.queryLatest'], {
      query: { homeworkEnrollId: enroll.id, questionId: choice },
    });
    expect(lateRow).toMatchObject({ bestScore: 20, bestLate: true });

    await platform.pool.query(
      `UPDATE homeworks SET late_until = now() - interval '1 second' WHERE id = $1`,
      [hw.id],
    );
    // The server's clock settles it by itself.
    let settled = await myEnrollment(student, hw.id);
    for (let i = 0; i < 50 && settled?.settledAt === null; i++) {
      await new Promise((r) => setTimeout(r, 200));
      settled = await myEnrollment(student, hw.id);
    }
    expect(settled).toMatchObject({ score: 20, maxScore: 100, lateCount: 1 });
    const again = await teacher.call(api['edms.homeworkEnroll.settle'], {
      body: { homeworkId: hw.id },
    });
    expect(again.averagePercent).toBe(10);
    expect((await myEnrollment(student, hw.id))!.score).toBe(20);

    const after = await failureOf(
      student.call(api['oj.homeworkMemberQuestion.submit'], {
        body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
      }),
    );
    expect(after.message).toBe('作业已结算，不能再提交');
    const report = await student.call(api['oj.homeworkEnroll.report'], {
      query: { id: enroll.id },
    });
    expect(report.questions.map((q) => [q.earned, q.late])).toEqual([
      [20, true],
      [0, false],
    ]);
    const changeQuestions = await failureOf(
      teacher.call(api['edms.homework.updateQuestions'], {
        body: { id: hw.id, questions: [{ questionId: choice, score: 10 }] },
      }),
    );
    expect(changeQuestions.code).toBe(ErrorCode.CONFLICT);
  });

  it('gives a learner who joins the class later its open homework', async () => {
    const hw = await assign();
    const late = madeMember(
      await teacher.call(organization['member.create'], {
        body: { nickname: '插班生', mobile: '13966660002', password: 'Joiner#2026' },
      }),
    );
    await teacher.call(grade['edms.grade.enroll.batchEnroll'], {
      body: { gradeId, memberIds: [late.id] },
    });
    const list = await teacher.call(api['edms.homeworkEnroll.queryEnrolledMemberListByHomework'], {
      body: { homeworkId: hw.id },
    });
    expect(list.content.map((e) => e.memberName)).toContain('插班生');
  });
});

describe('homework under review', () => {
  it('waits for the platform where the organization asks, and cannot be changed once passed', async () => {
    const { api: orgAdmin } = await loginAs(platform, 'orgAdmin');
    const { api: admin } = await loginAs(platform, 'admin');
    const school = (
      await orgAdmin.call(organization['edms.organization.queryList'], { body: {} })
    ).content.find((o) => o.name === '信奥训练营示范校')!;
    await orgAdmin.call(organization['edms.organization.update'], {
      body: { id: school.id, homeworkReview: true },
    });
    try {
      const body = {
        gradeId,
        title: '待审作业',
        startAt: at(-minute),
        dueAt: at(30 * minute),
        questions: [{ questionId: choice, score: 10 }],
      };
      const first = await teacher.call(api['edms.homework.create'], { body });
      expect(first.state).toBe('reviewing');
      const early = await failureOf(
        teacher.call(api['edms.homework.publish'], { body: { id: first.id } }),
      );
      expect(early.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
      await admin.call(api['bms.homework.pass'], { body: { id: first.id } });
      const changed = await failureOf(
        teacher.call(api['edms.homework.update'], { body: { id: first.id, title: '改过' } }),
      );
      expect(changed.code).toBe(ErrorCode.FORBIDDEN);

      const second = await teacher.call(api['edms.homework.create'], { body });
      const rejected = await admin.call(api['bms.homework.reject'], {
        body: { id: second.id, reason: '题目太少' },
      });
      expect(rejected).toMatchObject({ state: 'rejected', reviewReason: '题目太少' });
      const again = await teacher.call(api['edms.homework.update'], {
        body: { id: second.id, description: '补充了说明' },
      });
      expect(again.state).toBe('reviewing');
    } finally {
      await orgAdmin.call(organization['edms.organization.update'], {
        body: { id: school.id, homeworkReview: false },
      });
    }
  });
});

describe('review fixes (issue 8)', () => {
  it('averages the scores that count: a hand score replaces the best, a voided answer is 0', async () => {
    const { api: admin } = await loginAs(platform, 'admin');
    const hw = await assign();
    const enroll = (await myEnrollment(student, hw.id))!;
    await student.call(api['oj.homeworkMemberQuestion.submit'], {
      body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
    });
    // The program was handed in on paper: 30 of its 60 points by hand.
    await admin.call(api['bms.homeworkMemberQuestion.create'], {
      body: { homeworkEnrollId: enroll.id, questionId: aPlusB, score: 30 },
    });
    const averageOf = async () =>
      (
        await teacher.call(api['edms.homeworkEnroll.queryEnrollStatistics'], {
          query: { homeworkId: hw.id },
        })
      ).averagePercent;
    // Everyone else assigned scored nothing.
    const { enrolled } = await teacher.call(api['edms.homeworkEnroll.queryEnrollStatistics'], {
      query: { homeworkId: hw.id },
    });
    const percentOf = (points: number) => Math.round((points / enrolled) * 10) / 10;
    expect(await averageOf()).toBe(percentOf(70));
    const answer = await student.call(api['oj.homeworkMemberQuestion.queryLatest'], {
      query: { homeworkEnrollId: enroll.id, questionId: choice },
    });
    await admin.call(api['bms.homeworkMemberQuestion.delete'], { body: { id: answer!.id } });
    expect(await averageOf()).toBe(percentOf(30));
  });

  it('lets a teacher score a paper answer of their class by hand, within its score', async () => {
    const hw = await assign();
    const enroll = (await myEnrollment(student, hw.id))!;
    const over = await failureOf(
      teacher.call(api['edms.homeworkMemberQuestion.create'], {
        body: { homeworkEnrollId: enroll.id, questionId: aPlusB, score: 61 },
      }),
    );
    expect(fieldsOf(over)).toEqual(['body.score']);
    const notInIt = await failureOf(
      teacher.call(api['edms.homeworkMemberQuestion.create'], {
        body: { homeworkEnrollId: enroll.id, questionId: 999_999, score: 1 },
      }),
    );
    expect(fieldsOf(notInIt)).toEqual(['body.questionId']);
    const scored = await teacher.call(api['edms.homeworkMemberQuestion.create'], {
      body: { homeworkEnrollId: enroll.id, questionId: aPlusB, score: 30, remark: '纸质提交' },
    });
    const rescored = await teacher.call(api['edms.homeworkMemberQuestion.update'], {
      body: { id: scored.id, score: 45 },
    });
    expect(rescored.id).toBe(scored.id);
    const overview = await teacher.call(
      api['edms.homeworkMemberQuestion.queryStatisticsGroupByMember'],
      { body: { homeworkId: hw.id } },
    );
    const mine = overview.members.find((m) => m.enrollId === enroll.id)!;
    expect(mine.cells.find((c) => c.questionId === aPlusB)?.bestScore).toBe(45);
    await teacher.call(api['edms.homeworkMemberQuestion.delete'], { body: { id: scored.id } });
    const voided = await teacher.call(
      api['edms.homeworkMemberQuestion.queryStatisticsGroupByMember'],
      { body: { homeworkId: hw.id } },
    );
    const after = voided.members.find((m) => m.enrollId === enroll.id)!;
    expect(after.cells.find((c) => c.questionId === aPlusB)?.bestScore ?? 0).toBe(0);
  });

  it('marks submissions late or on time again when the due time moves', async () => {
    const hw = await assign({ latePenaltyPercent: 50 });
    const enroll = (await myEnrollment(student, hw.id))!;
    await platform.pool.query(
      `UPDATE homeworks SET start_at = now() - interval '2 hours', due_at = now() - interval '1 hour',
              late_until = now() + interval '2 hours' WHERE id = $1`,
      [hw.id],
    );
    await student.call(api['oj.homeworkMemberQuestion.submit'], {
      body: { homeworkEnrollId: enroll.id, questionId: choice, answer: '01' },
    });
    const latest = () =>
      student.call(api['oj.homeworkMemberQuestion.queryLatest'], {
        query: { homeworkEnrollId: enroll.id, questionId: choice },
      });
    expect(await latest()).toMatchObject({ bestScore: 20, bestLate: true });
    // The teacher gives the class another hour: the submission was on time after all.
    await teacher.call(api['edms.homework.update'], {
      body: { id: hw.id, dueAt: at(60 * minute) },
    });
    expect(await latest()).toMatchObject({ bestScore: 40, bestLate: false });
    expect((await myEnrollment(student, hw.id))!.lateCount).toBe(0);
    // And moved back before it, it is late again.
    await teacher.call(api['edms.homework.update'], { body: { id: hw.id, dueAt: at(-minute) } });
    expect(await latest()).toMatchObject({ bestScore: 20, bestLate: true });
  });

  it('names the late window’s own field when it does not follow the due time', async () => {
    const create = await failureOf(
      teacher.call(api['edms.homework.create'], {
        body: {
          gradeId,
          title: '补交早于截止',
          startAt: at(0),
          dueAt: at(60 * minute),
          lateUntil: at(30 * minute),
          questions: [{ questionId: choice, score: 10 }],
        },
      }),
    );
    expect(fieldsOf(create)).toEqual(['body.lateUntil']);
    const hw = await assign();
    // Only the late window is sent: it is checked against the stored due time.
    const update = await failureOf(
      teacher.call(api['edms.homework.update'], { body: { id: hw.id, lateUntil: at(minute) } }),
    );
    expect(fieldsOf(update)).toEqual(['body.lateUntil']);
    const due = await failureOf(
      teacher.call(api['edms.homework.update'], { body: { id: hw.id, dueAt: at(-2 * minute) } }),
    );
    expect(fieldsOf(due)).toEqual(['body.dueAt']);
  });
});
