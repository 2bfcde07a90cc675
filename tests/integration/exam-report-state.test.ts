/**
 * Issue 25 item 10: a learner's exam report before results are out is a state, not an error.
 * Handed in with programs the judge has not got to (this platform runs no judge workers, so
 * the programs stay queued), the report call answers 200 `judging`, which the report screen
 * polls; settled but unpublished answers 200 `unpublished` without a score; a paper still being
 * answered is refused (409), as is another learner's sitting (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

const A_PLUS_B = `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }
`;

let platform: TestPlatform;
let student: Transport;
let parent: Transport;

beforeAll(async () => {
  // No judge workers: a handed-in program waits in the queue, so "still judging" holds.
  platform = await startTestPlatform({ judgeWorkers: 0 });
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: parent } = await loginAs(platform, 'parent'));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const report = (api: Transport, id: number) =>
  api.call(exam['oj.examPaperEnroll.report'], { query: { id } });

describe('the report before results are out', () => {
  let sittingId: number;

  it('refuses a report while the paper is still being answered', async () => {
    const page = await student.call(exam['oj.exam.queryList'], {
      body: { keyword: DEMO_EXAMS.free },
    });
    const free = page.content.find((e) => e.name === DEMO_EXAMS.free)!;
    await student.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } });
    const examPaperId = free.papers[0]!.examPaperId;
    const sitting = await student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId },
    });
    sittingId = sitting.id;
    const early = await failureOf(report(student, sittingId));
    expect(early.status).toBe(409);
    expect(early.code).toBe(ErrorCode.CONFLICT);
    expect(early.message).toBe('考试进行中，交卷后才有成绩');

    const paper = await student.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId },
    });
    let revision = 1;
    for (const q of paper.questions.filter((q) => q.type === 'programming')) {
      await student.call(exam['oj.examMemberQuestion.save'], {
        body: {
          examPaperEnrollId: sittingId,
          questionId: q.questionId,
          revision: revision++,
          language: 'cpp',
          source: A_PLUS_B,
        },
      });
    }
    await student.call(exam['oj.examPaperEnroll.complete'], { body: { id: sittingId } });
  });

  it('answers "judging" with 200 while the programs wait for the judge, again and again', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await report(student, sittingId);
      expect(answer).toEqual({
        status: 'judging',
        id: sittingId,
        examId: expect.any(Number),
        examName: DEMO_EXAMS.free,
        // Handed in, then passed to the judge by the exam clock.
        state: expect.stringMatching(/^(completed|judging)$/),
        completedAt: expect.any(String),
      });
    }
    // Nobody else's learner reads it at all.
    const stranger = await failureOf(report(parent, sittingId));
    expect(stranger.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('answers "unpublished" for a settled paper whose results staff have not published', async () => {
    const mine = await student.call(exam['oj.examEnroll.queryEnrollList'], { body: {} });
    const past = mine.content.find((e) => e.itemName === DEMO_EXAMS.past)!;
    const id = past.sittings[0]!.id;
    expect((await report(student, id)).status).toBe('ready');
    // As a manual-results exam stands after settling and before 发布成绩.
    await platform.pool.query(`UPDATE exam_paper_enrolls SET state = 'settled' WHERE id = $1`, [
      id,
    ]);
    const waiting = await report(student, id);
    expect(waiting).toMatchObject({ status: 'unpublished', state: 'settled' });
    // No score or per-question result leaks before publication.
    expect(JSON.stringify(waiting)).not.toMatch(/score|questions/);
    await platform.pool.query(`UPDATE exam_paper_enrolls SET state = 'reported' WHERE id = $1`, [
      id,
    ]);
    expect(await report(student, id)).toMatchObject({ status: 'ready', score: 20 });
  });
});
