/**
 * What the learner's homework screens read, over real HTTP against the seeded demo classes
 * (src/server/seed/classes.ts): the enrollment carries the homework's window, and the room's
 * history is the enrollment's own submissions (oj/homeworkMemberQuestion/querySubmissionList)
 * with their late marks and chosen options — never someone else's, never practice answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { homework as api } from '../../src/contract/homework/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

async function student(username: string): Promise<Transport> {
  const client = sdk(platform.apiUrl);
  await client.call(accounts.loginByPwd, { body: { username, password: DEFAULT_SEED_PASSWORD } });
  return client;
}

/** The learner's enrollment in the open demo homework (第 3 周, its late window open). */
async function openEnrollment(client: Transport) {
  const page = await client.call(api['oj.homeworkEnroll.queryList'], { body: {} });
  return page.content.find((e) => e.homeworkTitle.startsWith('第 3 周'))!;
}

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

describe("a learner's homework", () => {
  it("lists each enrollment with the homework's window", async () => {
    const me = await student('cspj_03');
    const open = await openEnrollment(me);
    expect(open).toMatchObject({ phase: 'late', latePenaltyPercent: 20, questionCount: 4 });
    expect(Date.parse(open.startAt)).toBeLessThan(Date.parse(open.dueAt));
    expect(Date.parse(open.lateUntil!)).toBeGreaterThan(Date.parse(open.dueAt));
  });

  it('reads its own submissions, newest first, late ones marked, with the options chosen', async () => {
    // cspj_03 answered the three objective questions wrong while the homework was open.
    const me = await student('cspj_03');
    const enroll = await openEnrollment(me);
    const before = await me.call(api['oj.homeworkMemberQuestion.querySubmissionList'], {
      body: { homeworkEnrollId: enroll.id },
    });
    expect(before.totalElements).toBe(3);
    expect(before.content.every((s) => !s.late && s.verdict === 'WA')).toBe(true);
    expect(before.content.every((s) => /^[01]+$/.test(s.answer ?? ''))).toBe(true);

    // Now, past the due time, a right answer comes late; a program has no option flags.
    const questions = await me.call(api['oj.homework.queryQuestionList'], {
      body: { homeworkId: enroll.homeworkId },
    });
    const first = questions.questions[0]!;
    const right = await platform.pool.query<{ answer: string }>(
      'SELECT answer FROM questions WHERE id = $1',
      [first.questionId],
    );
    await me.call(api['oj.homeworkMemberQuestion.submit'], {
      body: {
        homeworkEnrollId: enroll.id,
        questionId: first.questionId,
        answer: right.rows[0]!.answer,
      },
    });
    const program = questions.questions.find((q) => q.type === 'programming')!;
    await me.call(api['oj.homeworkMemberQuestion.submit'], {
      body: {
        homeworkEnrollId: enroll.id,
        questionId: program.questionId,
        language: 'python',
        source: 'a, b = map(int, input().split())\nprint(a + b)\n',
      },
    });
    const after = await me.call(api['oj.homeworkMemberQuestion.querySubmissionList'], {
      body: { homeworkEnrollId: enroll.id },
    });
    expect(after.totalElements).toBe(5);
    expect(after.content[0]).toMatchObject({
      questionId: program.questionId,
      late: true,
      answer: null,
      language: 'python',
    });
    expect(after.content[1]).toMatchObject({
      questionId: first.questionId,
      late: true,
      verdict: 'AC',
      answer: right.rows[0]!.answer,
    });

    const one = await me.call(api['oj.homeworkMemberQuestion.querySubmissionList'], {
      body: { homeworkEnrollId: enroll.id, questionId: first.questionId },
      query: { page: 0, size: 1 },
    });
    expect(one).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(one.content.map((s) => s.late)).toEqual([true]);

    // Cleaning the practice history leaves what the homework is scored on.
    await me.call(memberQuestion['oj.memberQuestion.clean'], { body: {} });
    const kept = await me.call(api['oj.homeworkMemberQuestion.querySubmissionList'], {
      body: { homeworkEnrollId: enroll.id },
    });
    expect(kept.totalElements).toBe(5);
  });

  it("refuses another learner's enrollment as absent", async () => {
    const mine = await openEnrollment(await student('cspj_03'));
    const other = await student('cspj_04');
    const refused = await failureOf(
      other.call(api['oj.homeworkMemberQuestion.querySubmissionList'], {
        body: { homeworkEnrollId: mine.id },
      }),
    );
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
  });
});
