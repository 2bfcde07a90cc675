/**
 * The platform's writes on answers (bms memberQuestion create, update, delete, querySimpleList;
 * docs/decisions/admin-and-identity.md "Answers the platform corrects") through a real judge worker: a
 * submission entered for a learner is judged as theirs and names who entered it; a practice
 * answer is judged again with what its question holds now; an answer leaves the learner's
 * history but stays for staff. Every refusal names its field or says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { memberQuestion as api } from '../../src/contract/member-question/calls.ts';
import { sysLog } from '../../src/contract/sys-log/calls.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import type { Transport } from '../../src/transport/client.ts';
import { judged } from '../support/answers.ts';
import { sdk } from '../support/api.ts';
import { errorOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let admin: Transport;
let student: Transport;
let teacher: Transport;
let studentId: number;
let adminId: number;
const q = { aPlusB: 0, objective: 0 };
let aPlusBRight = '';

async function login(account: { username: string; password: string }) {
  const transport = sdk(platform.apiUrl);
  const { username, password } = account;
  const { id } = await transport.call(accounts.loginByPwd, { body: { username, password } });
  return { transport, id };
}

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', JUDGE_CACHE_DIR: TEST_CACHE_DIR },
  });
  const { rows } = await platform.pool.query<{ id: number; seed_key: string; s: unknown }>(
    `SELECT id, seed_key, reference_solutions AS s FROM questions
      WHERE seed_key = 'problem:01-a-plus-b' OR (seed_key LIKE 'question:%' AND type = 'single')
      ORDER BY id`,
  );
  const aPlusB = rows.find((r) => r.seed_key === 'problem:01-a-plus-b')!;
  q.aPlusB = aPlusB.id;
  aPlusBRight = (aPlusB.s as Record<string, string>).python!;
  q.objective = rows.find((r) => r.seed_key.startsWith('question:'))!.id;
  ({ transport: admin, id: adminId } = await login(platform.accounts.admin));
  ({ transport: student, id: studentId } = await login(platform.accounts.student));
  ({ transport: teacher } = await login(platform.accounts.teacher));
}, 120_000);

afterAll(() => platform?.stop());

describe('bms memberQuestion writes', () => {
  it('enters a submission for a learner (补录): judged as theirs, marked with who entered it', async () => {
    const entered = await admin.call(api['bms.memberQuestion.create'], {
      body: { memberId: studentId, questionId: q.aPlusB, language: 'python', source: aPlusBRight },
    });
    expect(['queued', 'compiling', 'running', 'done']).toContain(entered.status);
    const mine = await judged(student, entered.id);
    expect(mine.verdict).toBe('AC');
    expect(mine.kind).toBe('submit');
    const staff = await admin.call(api['bms.memberQuestion.queryById'], {
      query: { id: entered.id },
    });
    expect(staff.enteredBy?.id).toBe(adminId);
    expect(staff.cleanedAt).toBeNull();
    // The learner's own quota was not spent on it.
    const quota = await student.call(api['memberQuestion.queryQuota'], {});
    expect(quota.submissions.used).toBe(0);
    // The system log holds who entered it and the new answer's id.
    const log = await admin.call(sysLog['sysLog.queryList'], {
      query: { page: 0, size: 5 },
      body: { callId: 'bms.memberQuestion.create' },
    });
    expect(log.content[0]).toMatchObject({ outcome: 'success', targets: { id: entered.id } });
  }, 90_000);

  it('refuses what cannot be entered, naming the field, and refuses staff other than the platform', async () => {
    const bad = async (body: Record<string, unknown>) =>
      errorOf(admin.call(api['bms.memberQuestion.create'], { body } as never));
    const base = { memberId: studentId, questionId: q.aPlusB, language: 'python', source: 'x' };
    const unknownMember = await bad({ ...base, memberId: 999_999 });
    expect(Object.keys(unknownMember?.fieldErrors ?? {})).toEqual(['body.memberId']);
    const unknownQuestion = await bad({ ...base, questionId: 999_999 });
    expect(Object.keys(unknownQuestion?.fieldErrors ?? {})).toEqual(['body.questionId']);
    const objective = await bad({ ...base, questionId: q.objective });
    expect(objective?.fieldErrors['body.questionId']).toContain('编程题');
    const noSource = await bad({ ...base, source: '' });
    expect(noSource?.code).toBe(ErrorCode.VALIDATION);
    expect(Object.keys(noSource?.fieldErrors ?? {})).toEqual(['body.source']);
    const badLanguage = await bad({ ...base, language: 'pascal' });
    expect(Object.keys(badLanguage?.fieldErrors ?? {})).toEqual(['body.language']);
    for (const caller of [teacher, student]) {
      const refused = await errorOf(
        caller.call(api['bms.memberQuestion.create'], { body: base as never }),
      );
      expect(refused?.code).toBe(ErrorCode.FORBIDDEN);
      const rejudge = await errorOf(
        caller.call(api['bms.memberQuestion.update'], { body: { id: 1 } }),
      );
      expect(rejudge?.code).toBe(ErrorCode.FORBIDDEN);
    }
    const { rows } = await platform.pool.query(
      `SELECT 1 FROM member_questions WHERE member_id = $1 AND source = 'x'`,
      [studentId],
    );
    expect(rows).toHaveLength(0);
  });

  it('judges a practice answer again with what its question holds now (重测)', async () => {
    // Objective: the learner picked B; the question's answer is then corrected to B.
    const { rows } = await platform.pool.query<{ answer: string }>(
      `SELECT answer FROM questions WHERE id = $1`,
      [q.objective],
    );
    const right = rows[0]!.answer;
    const picked = right.includes('1', 1)
      ? `1${'0'.repeat(right.length - 1)}`
      : `01${'0'.repeat(right.length - 2)}`;
    const wrong = await student.call(api['memberQuestion.submitAnswer'], {
      body: { questionId: q.objective, answer: picked },
    });
    expect(wrong.verdict).toBe('WA');
    await platform.pool.query(`UPDATE questions SET answer = $2 WHERE id = $1`, [
      q.objective,
      picked,
    ]);
    try {
      const again = await admin.call(api['bms.memberQuestion.update'], { body: { id: wrong.id } });
      expect(again).toEqual({ id: wrong.id, status: 'done' });
      expect((await judged(student, wrong.id)).verdict).toBe('AC');
    } finally {
      await platform.pool.query(`UPDATE questions SET answer = $2 WHERE id = $1`, [
        q.objective,
        right,
      ]);
    }

    // Programming: queued again on a new job; the verdict comes back from the worker.
    const wa = await student.call(api['memberQuestion.submitAnswer'], {
      body: {
        questionId: q.aPlusB,
        language: 'python',
        source: aPlusBRight.replace('a + b', 'a - b'),
      },
    });
    const first = await judged(student, wa.id);
    expect(first.verdict).toBe('WA');
    const jobBefore = await jobOf(wa.id);
    const queued = await admin.call(api['bms.memberQuestion.update'], { body: { id: wa.id } });
    expect(queued.id).toBe(wa.id);
    expect(await jobOf(wa.id)).not.toBe(jobBefore);
    const second = await judged(student, wa.id);
    expect(second.verdict).toBe('WA');
    expect(Date.parse(second.judgedAt!)).toBeGreaterThan(Date.parse(first.judgedAt!));
  }, 90_000);

  it('refuses to judge again what is being judged, a debug run, or an unknown answer', async () => {
    const wa = await student.call(api['memberQuestion.submitAnswer'], {
      body: { questionId: q.aPlusB, language: 'python', source: aPlusBRight },
    });
    await judged(student, wa.id);
    // Held as the worker holds it: running, with no job to say otherwise.
    await platform.pool.query(
      `UPDATE member_questions SET status = 'running', judge_job_id = NULL WHERE id = $1`,
      [wa.id],
    );
    const busy = await errorOf(
      admin.call(api['bms.memberQuestion.update'], { body: { id: wa.id } }),
    );
    expect(busy?.code).toBe(ErrorCode.CONFLICT);
    expect(busy?.message).toContain('评测中');

    const debug = await student.call(api['memberQuestion.debug'], {
      body: { questionId: q.aPlusB, language: 'python', source: aPlusBRight, input: '1 2\n' },
    });
    const run = await errorOf(
      admin.call(api['bms.memberQuestion.update'], { body: { id: debug.id } }),
    );
    expect(run?.code).toBe(ErrorCode.CONFLICT);
    const unknown = await errorOf(
      admin.call(api['bms.memberQuestion.update'], { body: { id: 999_999 } }),
    );
    expect(unknown?.code).toBe(ErrorCode.NOT_FOUND);
  }, 60_000);

  it('takes an answer out of the learner’s history and keeps it for staff; twice is refused', async () => {
    const answer = await student.call(api['memberQuestion.submitAnswer'], {
      body: { questionId: q.aPlusB, language: 'python', source: aPlusBRight },
    });
    await judged(student, answer.id);
    const history = () =>
      student.call(api['memberQuestion.queryList'], { query: { page: 0, size: 100 }, body: {} });
    expect((await history()).content.map((a) => a.id)).toContain(answer.id);

    const removed = await admin.call(api['bms.memberQuestion.delete'], { body: { id: answer.id } });
    expect(removed.id).toBe(answer.id);
    expect((await history()).content.map((a) => a.id)).not.toContain(answer.id);
    const staff = await admin.call(api['bms.memberQuestion.queryById'], {
      query: { id: answer.id },
    });
    expect(staff.cleanedAt).toBe(removed.cleanedAt);

    const twice = await errorOf(
      admin.call(api['bms.memberQuestion.delete'], { body: { id: answer.id } }),
    );
    expect(twice?.code).toBe(ErrorCode.CONFLICT);
    const unknown = await errorOf(
      admin.call(api['bms.memberQuestion.delete'], { body: { id: 999_999 } }),
    );
    expect(unknown?.code).toBe(ErrorCode.NOT_FOUND);
  }, 60_000);

  it('lists answers in brief for pickers, by member and question', async () => {
    const list = await admin.call(api['bms.memberQuestion.querySimpleList'], {
      query: { page: 0, size: 100 },
      body: { memberId: studentId, questionId: q.aPlusB },
    });
    expect(list.content.length).toBeGreaterThan(0);
    expect(list.content.every((a) => a.memberId === studentId && a.questionId === q.aPlusB)).toBe(
      true,
    );
    expect(list.content[0]).toMatchObject({ questionTitle: expect.any(String) });
    const ids = list.content.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = await errorOf(
      admin.call(api['bms.memberQuestion.querySimpleList'], {
        query: { page: 0, size: 10 },
        body: { memberId: 'x' },
      } as never),
    );
    expect(Object.keys(bad?.fieldErrors ?? {})).toEqual(['body.memberId']);
  });
});

async function jobOf(answerId: number): Promise<string | null> {
  const { rows } = await platform.pool.query<{ j: string | null }>(
    `SELECT judge_job_id AS j FROM member_questions WHERE id = $1`,
    [answerId],
  );
  return rows[0]!.j;
}
