/**
 * Exams over real HTTP (issue 7): the seeded exams, enrollment (free and paid) on the order
 * flow, a sitting on the server's clock with autosave by revision, hand-in by the learner and by
 * the clock, judging at exam priority with one judge worker, settlement, reports, statistics,
 * review and publication by staff, batch enrollment, and who may read what in each area.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { question } from '../../src/contract/question/refs.ts';
import type { ExamItem } from '../../src/contract/exam/exams.ts';
import type { SittingItem } from '../../src/contract/exam/sittings.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { failureOf } from '../support/errors.ts';
import { loginAs } from '../support/sessions.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let student: Transport;
let parent: Transport;
let teacher: Transport;
let admin: Transport;

const A_PLUS_B = `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }
`;

async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`condition not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function examNamed(api: Transport, name: string): Promise<ExamItem> {
  const page = await api.call(exam['oj.exam.queryList'], { body: { keyword: name } });
  const found = page.content.find((e) => e.name === name);
  if (!found) throw new Error(`exam ${name} not listed`);
  return found;
}

const sittingOf = (api: Transport, id: number) =>
  api.call(exam['oj.examPaperEnroll.queryById'], { query: { id } });

/** The report of a sitting whose results are out (the call answers its status otherwise). */
async function readyReport(api: Transport, id: number) {
  const report = await api.call(exam['oj.examPaperEnroll.report'], { query: { id } });
  if (report.status !== 'ready') throw new Error(`report ${id} is ${report.status}`);
  return report;
}

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    examClockMs: 200,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      // A killed worker's job is taken again after this (the last test kills one).
      JUDGE_LEASE_MS: '3000',
      JUDGE_CACHE_DIR: TEST_CACHE_DIR,
    },
  });
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: parent } = await loginAs(platform, 'parent'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: admin } = await loginAs(platform, 'admin'));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the seeded exams', () => {
  it('lists the free and the paid exam as open, and the past one the student sat', async () => {
    const free = await examNamed(student, DEMO_EXAMS.free);
    expect(free).toMatchObject({ state: 'published', priceFen: 0, phase: 'running' });
    expect(free.papers[0]).toMatchObject({ questionCount: 6, totalScore: 100 });
    const paid = await examNamed(student, DEMO_EXAMS.paid);
    expect(paid.priceFen).toBe(990);
    const mine = await student.call(exam['oj.examEnroll.queryEnrollList'], { body: {} });
    expect(mine.content.map((e) => e.itemName)).toContain(DEMO_EXAMS.past);
    const past = mine.content.find((e) => e.itemName === DEMO_EXAMS.past)!;
    const report = await readyReport(student, past.sittings[0]!.id);
    expect(report).toMatchObject({ state: 'reported', score: 20, maxScore: 100, rank: 1 });
    expect(report.questions.map((q) => q.got)).toEqual([10, 10, 0, 0]);
  });

  it('puts the organization’s exam in the platform’s review queue, unseen by learners', async () => {
    const queue = await admin.call(exam['bms.exam.queryList'], { body: { state: 'reviewing' } });
    expect(queue.content.map((e) => e.name)).toContain(DEMO_EXAMS.review);
    const open = await student.call(exam['oj.exam.queryList'], { body: {} });
    expect(open.content.map((e) => e.name)).not.toContain(DEMO_EXAMS.review);
    const visitor = await fetch(`${platform.apiUrl}/exam/queryList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(visitor.status).toBeLessThan(500);
  });
});

describe('a student sitting the free exam', () => {
  let free: ExamItem;
  let sitting: SittingItem;
  let questions: { questionId: number; type: string; options: unknown[] }[];

  it('enrolls once, and a second enroll is refused', async () => {
    free = await examNamed(student, DEMO_EXAMS.free);
    const order = await student.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } });
    expect(order).toMatchObject({ kind: 'exam', state: 'enrolled', amountFen: 0 });
    const again = await failureOf(
      student.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
  });

  it('starts on the server’s clock, and starting again answers the same sitting', async () => {
    const examPaperId = free.papers[0]!.examPaperId;
    sitting = await student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId },
    });
    expect(sitting.state).toBe('inProgress');
    const minutes = (Date.parse(sitting.deadline) - Date.parse(sitting.startedAt)) / 60_000;
    expect(minutes).toBeCloseTo(60, 3);
    expect(sitting.score).toBeNull();
    const again = await student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId },
    });
    expect(again.id).toBe(sitting.id);
    const paper = await student.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId },
    });
    questions = paper.questions;
    expect(questions).toHaveLength(6);
    expect(JSON.stringify(paper)).not.toContain('"answer"');
  });

  it('saves answers by revision: an older save changes nothing', async () => {
    const single = questions.find((q) => q.type === 'single')!;
    const save = (revision: number, answer: string) =>
      student.call(exam['oj.examMemberQuestion.save'], {
        body: { examPaperEnrollId: sitting.id, questionId: single.questionId, revision, answer },
      });
    expect(await save(2, '1000')).toMatchObject({ revision: 2, applied: true });
    expect(await save(1, '0100')).toMatchObject({ revision: 2, applied: false });
    const stored = await student.call(exam['oj.examMemberQuestion.queryLatest'], {
      query: { examPaperEnrollId: sitting.id, questionId: single.questionId },
    });
    expect(stored).toMatchObject({ answer: '1000', revision: 2, score: null });
  });

  it('refuses a question not on the paper, a wrong answer shape, oversized code, and another’s sitting', async () => {
    const notOnPaper = await failureOf(
      student.call(exam['oj.examMemberQuestion.save'], {
        body: { examPaperEnrollId: sitting.id, questionId: 999_999, revision: 1, answer: '' },
      }),
    );
    expect(notOnPaper.fieldErrors['body.questionId']).toMatch(/不在/);
    const single = questions.find((q) => q.type === 'single')!;
    const twoChoices = await failureOf(
      student.call(exam['oj.examMemberQuestion.save'], {
        body: {
          examPaperEnrollId: sitting.id,
          questionId: single.questionId,
          revision: 9,
          answer: '1100',
        },
      }),
    );
    expect(twoChoices.fieldErrors['body.answer']).toBeDefined();
    const program = questions.find((q) => q.type === 'programming')!;
    const huge = await failureOf(
      student.call(exam['oj.examMemberQuestion.save'], {
        body: {
          examPaperEnrollId: sitting.id,
          questionId: program.questionId,
          revision: 1,
          language: 'cpp',
          source: 'x'.repeat(70_000),
        },
      }),
    );
    expect(huge.code).toBe(ErrorCode.VALIDATION);
    const stranger = await failureOf(
      parent.call(exam['oj.examMemberQuestion.save'], {
        body: {
          examPaperEnrollId: sitting.id,
          questionId: single.questionId,
          revision: 99,
          answer: '0001',
        },
      }),
    );
    expect(stranger.code).toBe(ErrorCode.NOT_FOUND);
    const stored = await student.call(exam['oj.examMemberQuestion.queryLatest'], {
      query: { examPaperEnrollId: sitting.id, questionId: single.questionId },
    });
    expect(stored).toMatchObject({ answer: '1000', revision: 2 });
  });

  it('keeps every acknowledged answer for another device, and scores them after hand-in', async () => {
    const correct = await admin.call(exam['bms.examPaper.queryQuestionList'], {
      body: { examPaperId: sitting.examPaperId },
    });
    expect(correct.totalScore).toBe(100);
    let revision = 10;
    for (const q of questions) {
      if (q.type === 'programming') {
        await student.call(exam['oj.examMemberQuestion.save'], {
          body: {
            examPaperEnrollId: sitting.id,
            questionId: q.questionId,
            revision: revision++,
            language: 'cpp',
            source: A_PLUS_B,
          },
        });
      } else {
        // Option A everywhere: right or wrong depends on the bank's answer.
        await student.call(exam['oj.examMemberQuestion.save'], {
          body: {
            examPaperEnrollId: sitting.id,
            questionId: q.questionId,
            revision: revision++,
            answer: '1'.padEnd(q.options.length, '0'),
            flagged: q.type === 'judge',
          },
        });
      }
    }
    const { api: otherDevice } = await loginAs(platform, 'student');
    const restored = await otherDevice.call(
      exam['oj.examMemberQuestion.queryListByExamPaperEnroll'],
      {
        body: { examPaperEnrollId: sitting.id },
      },
    );
    expect(restored.content).toHaveLength(6);
    expect(restored.content.filter((a) => a.flagged)).toHaveLength(1);
    expect(restored.content.every((a) => a.score === null)).toBe(true);

    const handedIn = await student.call(exam['oj.examPaperEnroll.complete'], {
      body: { id: sitting.id },
    });
    expect(handedIn.completedBy).toBe('member');
    const late = await failureOf(
      student.call(exam['oj.examMemberQuestion.save'], {
        body: {
          examPaperEnrollId: sitting.id,
          questionId: questions[0]!.questionId,
          revision: 999,
          answer: '',
        },
      }),
    );
    expect(late.code).toBe(ErrorCode.EXAM_CLOSED);

    const done = await eventually(
      () => sittingOf(student, sitting.id),
      (s) => s.state === 'reported',
    );
    const report = await readyReport(student, sitting.id);
    const programs = report.questions.filter((q) => q.type === 'programming');
    // The A+B program passes A+B and fails most of the sum 1..n question.
    expect(programs.map((q) => q.verdict)).toEqual(['AC', 'WA']);
    expect(programs[0]!.got).toBe(40);
    expect(programs[1]!.got).toBeLessThan(40);
    expect(programs[0]!.cases.length).toBeGreaterThan(0);
    expect(done.score).toBe(report.questions.reduce((n, q) => n + q.got, 0));
    expect(report.questions.every((q) => q.correctAnswer !== undefined)).toBe(true);
  });

  it('settles again to the same score, and a rejudge settles again too', async () => {
    const before = await sittingOf(student, sitting.id);
    const again = await admin.call(exam['bms.examPaperEnroll.settle'], {
      body: { id: sitting.id },
    });
    expect(again).toEqual({ settled: 1, judging: 0, skipped: 0 });
    const rejudge = await admin.call(exam['bms.examPaperEnroll.settle'], {
      body: { id: sitting.id, rejudge: true },
    });
    expect(rejudge.judging + rejudge.settled).toBe(1);
    const after = await eventually(
      () => sittingOf(student, sitting.id),
      (s) => s.state === 'reported',
    );
    expect(after.score).toBe(before.score);
  });

  it('shows staff the statistics, the rank list and the per-question figures', async () => {
    const stats = await admin.call(exam['bms.exam.queryStatistics'], { query: { id: free.id } });
    const paper = stats.papers[0]!;
    expect(paper).toMatchObject({ started: 1, reported: 1 });
    expect(paper.distribution).toHaveLength(10);
    expect(paper.distribution.reduce((n, b) => n + b.count, 0)).toBe(1);
    const ranks = await admin.call(exam['bms.examMemberQuestion.queryStatisticsGroupByMember'], {
      body: { examId: free.id },
    });
    expect(ranks[0]).toMatchObject({ rank: 1, reported: 1 });
    const byQuestion = await admin.call(
      exam['examMemberQuestion.queryQuestionStatisticsByExamPaper'],
      {
        body: { examPaperId: paper.examPaperId, examId: free.id },
      },
    );
    expect(byQuestion).toHaveLength(6);
    expect(byQuestion.every((q) => q.answered === 1)).toBe(true);
  });
});

describe('a paid exam', () => {
  it('waits for payment before the start, and quits with a refund to the wallet', async () => {
    const paid = await examNamed(parent, DEMO_EXAMS.paid);
    const order = await parent.call(exam['oj.examEnroll.enroll'], { body: { examId: paid.id } });
    expect(order.state).toBe('awaitingPayment');
    const early = await failureOf(
      parent.call(exam['oj.examPaperEnroll.start'], {
        body: { examId: paid.id, examPaperId: paid.papers[0]!.examPaperId },
      }),
    );
    expect(early.message).toMatch(/支付/);
    const bought = await student.call(exam['oj.examEnroll.enroll'], { body: { examId: paid.id } });
    const payAnswer = await student.call(exam['oj.examEnroll.payment'], {
      body: { id: bought.id, method: 'wallet' },
    });
    expect(payAnswer.order).toMatchObject({ state: 'enrolled', paidFen: 990, payMethod: 'wallet' });
    const quit = await student.call(exam['oj.examEnroll.applyQuit'], {
      body: { id: bought.id, reason: '时间冲突' },
    });
    expect(quit.state).toBe('quitApplied');
    await admin.call(exam['bms.examEnroll.passQuit'], { body: { id: bought.id } });
    await admin.call(exam['bms.examEnroll.finishQuit'], { body: { id: bought.id } });
    const refunded = await admin.call(exam['examEnroll.refund'], { body: { id: bought.id } });
    expect(refunded).toMatchObject({ state: 'refunded', refundedFen: 990 });
    const cancelled = await parent.call(exam['oj.examEnroll.cancel'], { body: { id: order.id } });
    expect(cancelled.state).toBe('cancelled');
  });
});

describe('staff writing, reviewing and publishing an exam', () => {
  let paperId: number;
  let examId: number;

  it('sends an organization’s paper and exam to review; publishing waits for it', async () => {
    const bank = await teacher.call(question['edms.question.queryList'], {
      body: { type: 'single' },
    });
    const q = bank.content[0]!;
    const paper = await teacher.call(exam['edms.examPaper.create'], {
      body: { name: '课堂小测', durationMinutes: 10, questions: [{ questionId: q.id, score: 10 }] },
    });
    paperId = paper.id;
    expect(paper).toMatchObject({ review: 'reviewing', totalScore: 10 });
    const now = Date.now();
    const created = await teacher.call(exam['edms.exam.create'], {
      body: {
        name: '课堂小测（限时）',
        enrollStartAt: new Date(now - 60_000).toISOString(),
        enrollEndAt: new Date(now + 12_000).toISOString(),
        startAt: new Date(now - 60_000).toISOString(),
        endAt: new Date(now + 12_000).toISOString(),
        examPaperIds: [paperId],
        visibility: 'organization',
      },
    });
    examId = created.id;
    expect(created.state).toBe('reviewing');
    const refused = await failureOf(
      teacher.call(exam['edms.exam.publish'], { body: { id: examId } }),
    );
    expect(refused.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(refused.message).toMatch(/待审核/);
    await admin.call(exam['bms.exam.pass'], { body: { id: examId } });
    const paperPending = await failureOf(
      teacher.call(exam['edms.exam.publish'], { body: { id: examId } }),
    );
    expect(paperPending.message).toMatch(/尚未通过平台审核/);
    const noReason = await failureOf(
      admin.call(exam['bms.examPaper.reject'], { body: { id: paperId } as never }),
    );
    expect(noReason.code).toBe(ErrorCode.VALIDATION);
    await admin.call(exam['bms.examPaper.pass'], { body: { id: paperId } });
    const published = await teacher.call(exam['edms.exam.publish'], { body: { id: examId } });
    expect(published.state).toBe('published');
  });

  it('enrolls by mobile row by row and exports the list', async () => {
    const result = await teacher.call(exam['edms.examEnroll.batchEnrollByMobile'], {
      body: {
        examId,
        mobiles: [platform.accounts.student.mobile, '13999999999', 'abc'],
      },
    });
    expect(result.rows.map((r) => r.outcome)).toEqual([
      'enrolled',
      'unknownMobile',
      'invalidMobile',
    ]);
    const downloads: DownloadedFile[] = [];
    const exporter = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.teacher;
    await exporter.call(accounts.loginByPwd, { body: { username, password } });
    await exporter.call(exam['edms.examEnroll.downloadEnrollList'], { body: { examId } });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('考试报名名单.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as never);
    expect(book.worksheets[0]!.rowCount).toBe(2);
  });
  it('refuses staff enrollment into an exam still under review, writing nothing', async () => {
    const now = Date.now();
    const pending = await teacher.call(exam['edms.exam.create'], {
      body: {
        name: '待审核的小测',
        enrollStartAt: new Date(now - 60_000).toISOString(),
        enrollEndAt: new Date(now + 3_600_000).toISOString(),
        startAt: new Date(now - 60_000).toISOString(),
        endAt: new Date(now + 3_600_000).toISOString(),
        examPaperIds: [paperId],
        visibility: 'organization',
      },
    });
    expect(pending.state).toBe('reviewing');
    const refused = await failureOf(
      teacher.call(exam['edms.examEnroll.batchEnrollByMobile'], {
        body: { examId: pending.id, mobiles: [platform.accounts.student.mobile] },
      }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('待审核');
    const { rows } = await platform.pool.query(
      `SELECT 1 FROM orders WHERE kind = 'exam' AND item_id = $1`,
      [pending.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('hands in at time-up with the last saved answer, and refuses a save after it', async () => {
    await teacher.call(exam['edms.examEnroll.batchEnrollByMobile'], {
      body: { examId, mobiles: [platform.accounts.student.mobile] },
    });
    const paper = (await student.call(exam['oj.exam.queryById'], { query: { id: examId } }))
      .papers[0]!;
    const sitting = await student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId, examPaperId: paper.examPaperId },
    });
    const questions = await student.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId: paper.examPaperId },
    });
    const q = questions.questions[0]!;
    await student.call(exam['oj.examMemberQuestion.save'], {
      body: {
        examPaperEnrollId: sitting.id,
        questionId: q.questionId,
        revision: 1,
        answer: '1'.padEnd(q.options.length, '0'),
      },
    });
    const done = await eventually(
      () => sittingOf(student, sitting.id),
      (s) => s.state === 'settled' || s.state === 'reported',
      30_000,
    );
    expect(done.completedBy).toBe('deadline');
    const late = await failureOf(
      student.call(exam['oj.examMemberQuestion.save'], {
        body: { examPaperEnrollId: sitting.id, questionId: q.questionId, revision: 2, answer: '' },
      }),
    );
    expect(late.code).toBe(ErrorCode.EXAM_CLOSED);
    const answers = await teacher.call(exam['edms.examMemberQuestion.queryListByExamPaperEnroll'], {
      body: { examPaperEnrollId: sitting.id },
    });
    expect(answers.content[0]).toMatchObject({ revision: 1 });
    expect(answers.content[0]!.score).not.toBeNull();
  });
});

describe('who may read what', () => {
  it('keeps learners out of the staff areas and staff out of other organizations', async () => {
    const bms = await failureOf(student.call(exam['bms.exam.queryList'], { body: {} }));
    expect(bms.code).toBe(ErrorCode.FORBIDDEN);
    const edms = await failureOf(student.call(exam['edms.examPaper.queryList'], { body: {} }));
    expect(edms.code).toBe(ErrorCode.FORBIDDEN);
    const write = await failureOf(
      student.call(exam['oj.examPaper.create'], { body: { name: 'x', durationMinutes: 5 } }),
    );
    expect(write.code).toBe(ErrorCode.FORBIDDEN);
    const staffSettle = await failureOf(
      student.call(exam['examPaperEnroll.settle'], { body: { examId: 1 } }),
    );
    expect(staffSettle.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('shows a learner only their own sittings and answers', async () => {
    const mine = await student.call(exam['examPaperEnroll.queryList'], { body: {} });
    expect(mine.content.length).toBeGreaterThan(0);
    const theirs = await parent.call(exam['examPaperEnroll.queryList'], { body: {} });
    expect(theirs.content).toHaveLength(0);
    const other = await failureOf(
      parent.call(exam['examPaperEnroll.queryById'], { query: { id: mine.content[0]!.id } }),
    );
    expect(other.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('a judge worker killed while a handed-in paper is judged', () => {
  it('loses nothing: the job is taken again and the paper settles with its verdict', async () => {
    const free = await examNamed(parent, DEMO_EXAMS.free);
    await parent.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } });
    const examPaperId = free.papers[0]!.examPaperId;
    const sitting = await parent.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId },
    });
    const paper = await parent.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId },
    });
    const aPlusB = paper.questions.find((q) => q.title.includes('A+B'))!;
    // Slow enough to be killed mid-run: a pause before each case's answer.
    const slow = 'import time\ntime.sleep(0.3)\na, b = map(int, input().split())\nprint(a + b)\n';
    await parent.call(exam['oj.examMemberQuestion.save'], {
      body: {
        examPaperEnrollId: sitting.id,
        questionId: aPlusB.questionId,
        revision: 1,
        language: 'python',
        source: slow,
      },
    });
    await parent.call(exam['oj.examPaperEnroll.complete'], { body: { id: sitting.id } });
    const jobOf = () =>
      platform.pool.query<{ status: string; case: number | null; attempts: number }>(
        `SELECT j.status, (j.progress->>'case')::int AS case, j.attempts
           FROM exam_member_questions a
           JOIN member_questions mq ON mq.id = a.judge_answer_id
           JOIN judge_jobs j ON j.id = mq.judge_job_id
          WHERE a.exam_paper_enroll_id = $1`,
        [sitting.id],
      );
    await eventually(
      async () => (await jobOf()).rows[0],
      (job) => job?.status === 'running' && (job.case ?? 0) >= 2,
      30_000,
    );
    const [victim] = platform.judgeWorkers.pids();
    process.kill(victim!, 'SIGKILL');
    const done = await eventually(
      () => sittingOf(parent, sitting.id),
      (s) => s.state === 'reported',
      90_000,
    );
    const report = await readyReport(parent, sitting.id);
    expect(report.questions.find((q) => q.questionId === aPlusB.questionId)).toMatchObject({
      verdict: 'AC',
      got: 40,
    });
    expect(done.score).toBeGreaterThanOrEqual(40);
    expect((await jobOf()).rows).toEqual([
      { status: 'done', case: expect.any(Number), attempts: 2 },
    ]);
  }, 120_000);
});
