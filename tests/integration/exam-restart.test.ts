/**
 * Nothing acknowledged is lost mid-exam (issue 7, "Bad input and faults"): the student
 * autosaves while the embedded database is killed, then the whole server (and its database) is
 * restarted on the same data. Every save the server acknowledged is there afterwards, the last
 * revision per question, and the sitting's deadline is the one fixed at the start: the clock
 * ran on while the server was down.
 */
import { afterAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { exam } from '../../src/contract/exam/calls.ts';
import type { ExamItem } from '../../src/contract/exam/exams.ts';
import type { SittingItem } from '../../src/contract/exam/sittings.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform | undefined;
afterAll(async () => {
  await platform?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(apiUrl: string): Promise<RawClient> {
  const client = new RawClient(apiUrl);
  const answer = await client.call(accounts.loginByPwd, {
    body: { username: 'demo_student', password: DEFAULT_SEED_PASSWORD },
  });
  expect(answer.body.success).toBe(true);
  return client;
}

async function data<T>(pending: Promise<{ body: { success: boolean; data?: unknown } }>) {
  const answer = await pending;
  expect(answer.body).toMatchObject({ success: true });
  return answer.body.data as T;
}

it('keeps every acknowledged answer through a killed database and a restarted server', async () => {
  platform = await startTestPlatform({ skipFsync: false, keepDataDir: true });
  const dataDir = platform.dataDir;
  let student = await login(platform.apiUrl);
  const list = await data<{ content: ExamItem[] }>(
    student.call(exam['oj.exam.queryList'], { body: { keyword: DEMO_EXAMS.free } }),
  );
  const free = list.content[0]!;
  await data(student.call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } }));
  const sitting = await data<SittingItem>(
    student.call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId: free.papers[0]!.examPaperId },
    }),
  );
  const paper = await data<{
    questions: { questionId: number; type: string; options: unknown[] }[];
  }>(
    student.call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId: sitting.examPaperId },
    }),
  );
  const objective = paper.questions.filter((q) => q.type !== 'programming');

  // Autosave in a loop; remember the last revision the server acknowledged per question.
  const acknowledged = new Map<number, { revision: number; answer: string }>();
  let revision = 0;
  let saving = true;
  const statuses: number[] = [];
  const save = async (client: RawClient) => {
    const q = objective[revision % objective.length]!;
    revision += 1;
    const flags = Array.from({ length: q.options.length }, (_, i) =>
      i === revision % q.options.length ? '1' : '0',
    ).join('');
    const answer = await client
      .call(exam['oj.examMemberQuestion.save'], {
        body: { examPaperEnrollId: sitting.id, questionId: q.questionId, revision, answer: flags },
      })
      .catch(() => null);
    if (!answer) return;
    statuses.push(answer.status);
    const ack = answer.body.data as { applied: boolean; revision: number } | undefined;
    if (answer.body.success && ack?.applied) {
      acknowledged.set(q.questionId, { revision: ack.revision, answer: flags });
    }
  };
  const loop = (async () => {
    while (saving) await save(student);
  })();
  await sleep(300);
  const postmaster = Number(
    readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  process.kill(postmaster, 'SIGKILL');
  // Keep saving through the outage and the database's own restart.
  for (let i = 0; i < 100 && !statuses.slice(-3).every((s) => s === 200); i += 1) await sleep(200);
  await sleep(500);
  saving = false;
  await loop;
  expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  expect(statuses.some((s) => s === 503)).toBe(true);

  // Now the whole server and its database go down, and come back on the same data.
  await platform.stop();
  platform = await startTestPlatform({ skipFsync: false, dataDir });
  student = await login(platform.apiUrl);
  const restored = await data<{
    content: { questionId: number; revision: number; answer: string }[];
  }>(
    student.call(exam['oj.examMemberQuestion.queryListByExamPaperEnroll'], {
      body: { examPaperEnrollId: sitting.id },
    }),
  );
  expect(acknowledged.size).toBe(objective.length);
  for (const [questionId, ack] of acknowledged) {
    const stored = restored.content.find((a) => a.questionId === questionId);
    expect(stored).toMatchObject({ revision: ack.revision, answer: ack.answer });
  }
  const after = await data<SittingItem>(
    student.call(exam['oj.examPaperEnroll.queryById'], { query: { id: sitting.id } }),
  );
  expect(after).toMatchObject({ state: 'inProgress', deadline: sitting.deadline });
  expect(Date.parse(after.serverNow)).toBeGreaterThan(Date.parse(sitting.serverNow));
  // The room goes on: a new save is taken.
  revision += 1;
  await save(student);
  expect(statuses.at(-1)).toBe(200);
}, 180_000);
