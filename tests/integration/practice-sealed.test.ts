/**
 * An exam's key through practice (issue 25 item 12), over real HTTP against the seeded exams and
 * classes: while a learner holds an open sitting, or open homework, the questions in it are
 * refused in practice (submit, correction, run on custom input) with a Chinese message saying
 * why; the reads that stay open (the question, the learner's earlier answers) carry no key or
 * analysis; others practise as before; and once the sitting is handed in or the homework closes,
 * practice answers with the key and analysis again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/calls.ts';
import { homework } from '../../src/contract/homework/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { question } from '../../src/contract/question/calls.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { loginAs } from '../support/sessions.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let student: Transport;
let other: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: other } = await loginAs(platform, 'parent'));
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

async function keyOf(questionId: number) {
  const { rows } = await platform.pool.query<{ answer: string; analysis: string }>(
    'SELECT answer, analysis FROM questions WHERE id = $1',
    [questionId],
  );
  return rows[0]!;
}

/** A wrong choice for an objective question: the first option the key does not set. */
const wrongFlags = (key: string) => {
  const i = key.indexOf('0');
  return [...key].map((_, j) => (j === i ? '1' : '0')).join('');
};

describe('a question of an open exam sitting', () => {
  let sittingId: number;
  let objective: { questionId: number; options: unknown[] };
  let program: { questionId: number } | undefined;
  let key: { answer: string; analysis: string };

  it('starts a sitting of the seeded free exam', async () => {
    const page = await student.call(exam['oj.exam.queryList'], {
      body: { keyword: DEMO_EXAMS.free },
    });
    const free = page.content.find((e) => e.name === DEMO_EXAMS.free)!;
    await student.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } });
    const examPaperId = free.papers[0]!.examPaperId;
    const sitting = await student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId },
    });
    expect(sitting.state).toBe('inProgress');
    sittingId = sitting.id;
    const paper = await student.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId },
    });
    // One the student has in no homework of theirs (the seed assigns some bank questions to both).
    const { rows } = await platform.pool.query<{ question_id: number }>(
      `SELECT hq.question_id FROM homework_questions hq
         JOIN homework_enrolls he ON he.homework_id = hq.homework_id
         JOIN members m ON m.id = he.member_id JOIN users u ON u.id = m.user_id
        WHERE u.username = $1`,
      [platform.accounts.student.username],
    );
    const inHomework = new Set(rows.map((r) => r.question_id));
    objective = paper.questions.find(
      (q) => (q.type === 'single' || q.type === 'judge') && !inHomework.has(q.questionId),
    )!;
    program = paper.questions.find((q) => q.type === 'programming');
    key = await keyOf(objective.questionId);
    expect(key.analysis).not.toBe('');
  });

  it('refuses the sitter’s practice submission, with no key in the answer (the leak)', async () => {
    const history = () =>
      student.call(memberQuestion['memberQuestion.queryList'], {
        body: { questionId: objective.questionId },
      });
    const before = (await history()).totalElements;
    const refused = await failureOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: objective.questionId, answer: wrongFlags(key.answer) },
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    expect(refused.message).toContain(DEMO_EXAMS.free);
    expect(refused.message).toMatch(/交卷前不能在练习中提交/);
    expect(JSON.stringify(refused)).not.toContain(key.analysis);
    // Nothing was written: no practice answer to read the key back from.
    expect((await history()).totalElements).toBe(before);
  });

  it('refuses the correction and the run on custom input too', async () => {
    const review = await failureOf(
      student.call(memberQuestion['memberQuestion.reviewSubmit'], {
        body: { questionId: objective.questionId, answer: key.answer },
      }),
    );
    expect(review.code).toBe(ErrorCode.FORBIDDEN);
    if (!program) throw new Error('the free exam has a programming question');
    const run = await failureOf(
      student.call(memberQuestion['memberQuestion.debug'], {
        body: {
          questionId: program.questionId,
          language: 'python',
          source: 'print(1)\n',
          input: '1 2\n',
        },
      }),
    );
    expect(run.code).toBe(ErrorCode.FORBIDDEN);
    const submit = await failureOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: program.questionId, language: 'python', source: 'print(1)\n' },
      }),
    );
    expect(submit.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('still shows the question in practice, without its key or analysis', async () => {
    const read = await student.call(question['oj.question.queryById'], {
      query: { id: objective.questionId },
    });
    const text = JSON.stringify(read);
    expect(text).not.toContain(key.analysis);
    expect(read).not.toHaveProperty('answer');
    expect(read).not.toHaveProperty('analysis');
  });

  it('leaves a learner who is not sitting the exam practising as today', async () => {
    const graded = await other.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective.questionId, answer: wrongFlags(key.answer) },
    });
    expect(graded.solution).toEqual({ answer: key.answer, analysis: key.analysis });
  });

  it('answers with the key again once the sitting is handed in', async () => {
    await student.call(exam['oj.examPaperEnroll.complete'], { body: { id: sittingId } });
    const graded = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective.questionId, answer: wrongFlags(key.answer) },
    });
    expect(graded).toMatchObject({ verdict: 'WA' });
    expect(graded.solution).toEqual({ answer: key.answer, analysis: key.analysis });
  });
});

describe('a question of open homework', () => {
  async function learner(username: string): Promise<Transport> {
    const client = sdk(platform.apiUrl);
    await client.call(accounts.loginByPwd, {
      body: { username, password: DEFAULT_SEED_PASSWORD },
    });
    return client;
  }

  it('is refused in practice while the homework is open, and answers again once it closes', async () => {
    // cspj_03's 第 3 周 homework is open (its late window), with objective questions in it.
    const me = await learner('cspj_03');
    const enrolls = await me.call(homework['oj.homeworkEnroll.queryList'], { body: {} });
    const enroll = enrolls.content.find((e) => e.homeworkTitle.startsWith('第 3 周'))!;
    const list = await me.call(homework['oj.homework.queryQuestionList'], {
      body: { homeworkId: enroll.homeworkId },
    });
    const objective = list.questions.find((q) => q.type !== 'programming')!;
    const key = await keyOf(objective.questionId);

    const refused = await failureOf(
      me.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: objective.questionId, answer: wrongFlags(key.answer) },
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    expect(refused.message).toMatch(/作业截止前请在作业里作答/);
    // The homework itself still takes the answer, and shows no key either.
    const inHomework = await me.call(homework['oj.homeworkMemberQuestion.submit'], {
      body: {
        homeworkEnrollId: enroll.id,
        questionId: objective.questionId,
        answer: wrongFlags(key.answer),
      },
    });
    expect(inHomework.solution).toBeNull();
    // A programming question of it stays open in practice: the homework room shows its judge
    // results just as practice does.
    const program = list.questions.find((q) => q.type === 'programming')!;
    const run = await me.call(memberQuestion['memberQuestion.debug'], {
      body: {
        questionId: program.questionId,
        language: 'python',
        source: 'print(3)\n',
        input: '1 2\n',
      },
    });
    expect(run.id).toBeGreaterThan(0);

    // The homework closes: its late window ends.
    await platform.pool.query(
      `UPDATE homeworks SET start_at = now() - interval '3 days', due_at = now() - interval '2 days',
              late_until = now() - interval '1 day' WHERE id = $1`,
      [enroll.homeworkId],
    );
    const graded = await me.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective.questionId, answer: wrongFlags(key.answer) },
    });
    expect(graded.solution).toEqual({ answer: key.answer, analysis: key.analysis });
  });
});
