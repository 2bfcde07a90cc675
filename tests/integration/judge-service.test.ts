/**
 * The judge service end to end: learners' calls → judge queue → worker processes launched by
 * the platform → verdict recorded → read back. Needs the sandbox (root, bwrap, cgroup v1).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import type { StatusEvent } from '../../src/contract/member-question/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { WORKER_MAIN } from '../../src/server/judge-service/workers.ts';
import { statusHubFor } from '../../src/server/member-question/status-hub.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { insertObjectiveQuestion, insertProgrammingQuestion } from '../support/questions.ts';
import { judged } from '../support/answers.ts';
import { errorOf } from '../support/errors.ts';

const SEED = path.resolve(import.meta.dirname, '../../seed/problems');
const APLUSB = path.join(SEED, '01-a-plus-b');
const solution = (name: string) => readFileSync(path.join(APLUSB, 'solutions', name), 'utf8');
/** Short leases so a killed worker's job is taken again within seconds. */
const LEASE_MS = 3000;

let platform: TestPlatform;
let student: Transport;
let parent: Transport;
let aPlusB: number;

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      JUDGE_LEASE_MS: String(LEASE_MS),
      // Shared with the judge's own tests: the PCH and launcher are built once per machine.
      JUDGE_CACHE_DIR: TEST_CACHE_DIR,
    },
  });
  aPlusB = await insertProgrammingQuestion(platform.pool, APLUSB);
  student = sdk(platform.apiUrl);
  parent = sdk(platform.apiUrl);
  const login = (api: Transport, a: { username: string; password: string }) =>
    api.call(accounts.loginByPwd, { body: { username: a.username, password: a.password } });
  await login(student, platform.accounts.student);
  await login(parent, platform.accounts.parent);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('programming submissions', () => {
  let acId: number;

  it('a correct C++ solution is accepted with per-case results', async () => {
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'cpp', source: solution('ref.cpp') },
    });
    // The call answers before the verdict; an idle worker may already have taken the job.
    expect(['queued', 'compiling', 'running']).toContain(queued.status);
    acId = queued.id;
    const detail = await judged(student, queued.id);
    expect(detail).toMatchObject({ status: 'done', verdict: 'AC', score: 100, maxScore: 100 });
    expect(detail.cases).toHaveLength(11);
    expect(detail.cases.every((c) => c.verdict === 'AC')).toBe(true);
    expect(detail.failingCase).toBeNull();
    expect(detail.failingCaseHidden).toBe(false);
  }, 90_000);

  it('a wrong Python solution gets WA; the failing case is shown to a member with testCaseView', async () => {
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: solution('wrong.py') },
    });
    const detail = await judged(student, queued.id);
    expect(detail.verdict).toBe('WA');
    expect(detail.score).toBeLessThan(100);
    const firstWrong = detail.cases.find((c) => c.verdict === 'WA')!;
    expect(firstWrong).toBeDefined();
    // The demo student's card grants the default rights, testCaseView among them.
    const expectedInput = readFileSync(
      path.join(APLUSB, 'tests', `${firstWrong.index}.in`),
      'utf8',
    );
    // The learner's own output on that case: wrong.py wraps a + b to a 32-bit int.
    const [a, b] = expectedInput.trim().split(/\s+/).map(BigInt) as [bigint, bigint];
    const int32 = (x: bigint) => BigInt.asIntN(32, x);
    const ownOutput = `${int32(int32(a) + int32(b))}\n`;
    expect(detail.failingCase).toMatchObject({
      index: firstWrong.index,
      input: expectedInput,
      output: ownOutput,
      stderr: '',
      truncated: false,
    });
    expect(detail.failingCaseHidden).toBe(false);
    expect(detail.skippedCases).toEqual([]);

    const wrongCases = await student.call(
      memberQuestion['oj.memberQuestion.queryWrongCaseListById'],
      {
        query: { id: queued.id },
      },
    );
    expect(wrongCases.map((c) => c.index)).toEqual(
      detail.cases.filter((c) => c.verdict !== 'AC').map((c) => c.index),
    );
    expect(wrongCases.every((c) => c.data !== null)).toBe(true);
    // Only the first failing case's output is kept.
    expect(wrongCases.map((c) => c.data?.output)).toEqual(
      wrongCases.map((c, k) => (k === 0 ? ownOutput : '')),
    );

    // A result stored before the judge kept output still reads, with output ''.
    await platform.pool.query(
      `UPDATE member_questions SET result = result - 'failingOutput' - 'skippedCases' WHERE id = $1`,
      [queued.id],
    );
    const old = await student.call(memberQuestion['memberQuestion.queryById'], {
      query: { id: queued.id },
    });
    expect(old.failingCase).toMatchObject({ index: firstWrong.index, output: '', stderr: '' });
    expect(old.skippedCases).toEqual([]);

    const latest = await student.call(memberQuestion['memberQuestion.queryLatestList'], {
      body: { questionIds: [aPlusB] },
    });
    expect(latest).toMatchObject([{ id: queued.id, verdict: 'WA' }]);
  }, 90_000);

  it('hides the failing case from a member without testCaseView', async () => {
    const queued = await parent.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: solution('wrong.py') },
    });
    const detail = await judged(parent, queued.id);
    expect(detail.verdict).toBe('WA');
    expect(detail.failingCase).toBeNull();
    expect(detail.failingCaseHidden).toBe(true);
    const wrongCases = await parent.call(
      memberQuestion['oj.memberQuestion.queryWrongCaseListById'],
      {
        query: { id: queued.id },
      },
    );
    expect(wrongCases.length).toBeGreaterThan(0);
    expect(wrongCases.every((c) => c.data === null)).toBe(true);
    // The program's own output is part of the hidden bundle: it appears nowhere in the answers.
    expect(JSON.stringify([detail, wrongCases])).not.toMatch(/"(output|stdout|stderr)"/);
  }, 90_000);

  it("another member cannot read someone's submission", async () => {
    const error = await errorOf(
      parent.call(memberQuestion['memberQuestion.queryById'], {
        query: { id: acId },
        skipErrorHandler: true,
      }),
    );
    expect(error?.code).toBe(ErrorCode.NOT_FOUND);
    const list = await parent.call(memberQuestion['memberQuestion.queryList'], { body: {} });
    expect(list.content.map((a) => a.id)).not.toContain(acId);
  });

  it('lists own submissions paged, and clean removes them from the history', async () => {
    const page = await student.call(memberQuestion['memberQuestion.queryList'], {
      query: { size: 1 },
      body: { questionId: aPlusB, kind: 'submit' },
    });
    expect(page.totalElements).toBe(2);
    expect(page.content).toHaveLength(1);
    const { cleaned } = await student.call(memberQuestion['oj.memberQuestion.clean'], {
      body: { questionId: aPlusB },
    });
    expect(cleaned).toBe(2);
    const after = await student.call(memberQuestion['memberQuestion.queryList'], {
      body: { questionId: aPlusB },
    });
    expect(after.totalElements).toBe(0);
    // The record itself stays (statistics), still readable by its owner.
    expect(
      (await student.call(memberQuestion['memberQuestion.queryById'], { query: { id: acId } }))
        .verdict,
    ).toBe('AC');
  });
});

describe('the judge workers’ place on the CPU', () => {
  it('run below the API (niceness 10), so a burst of submissions is acknowledged meanwhile', () => {
    // /proc/<pid>/stat: after the name in parentheses, niceness is the 17th field.
    const niceOf = (pid: number) =>
      Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const pids = platform.judgeWorkers.pids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(niceOf(pid)).toBe(10);
    expect(niceOf(process.pid)).toBe(0);
  });
});

describe('the status stream', () => {
  it('pushes queued/compiling → running k of n → done as the judge works', async () => {
    // A little sleep per case, so the running events are there to see.
    const slow = `import time\ntime.sleep(0.05)\n${solution('ref.py')}`;
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: slow },
    });
    const response = await student.stream(memberQuestion['memberQuestion.status'], {
      query: { id: queued.id },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The stream ends by itself after the final state.
    const text = await response.text();
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: status'))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as StatusEvent);
    expect(['queued', 'compiling']).toContain(events[0]!.status);
    const running = events.filter((e) => e.status === 'running');
    expect(running.length).toBeGreaterThan(1);
    // Progress is throttled (status-hub.ts): cases may be skipped, never repeated or reordered.
    const cases = running.map((e) => e.progress!.case);
    expect(cases).toEqual([...new Set(cases)].sort((a, b) => a - b));
    expect(running.every((e) => e.progress!.of === 11 && e.progress!.case <= 11)).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'done', verdict: 'AC', score: 100 });
  }, 60_000);

  it('reads the status once per change however many watch, and every viewer sees the verdict', async () => {
    const hub = statusHubFor(platform.pool);
    const slow = `import time\ntime.sleep(0.05)\n${solution('ref.py')}`;
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: slow },
    });
    const before = hub.reads;
    const viewers = await Promise.all(
      Array.from({ length: 8 }, () =>
        student.stream(memberQuestion['memberQuestion.status'], { query: { id: queued.id } }),
      ),
    );
    const texts = await Promise.all(viewers.map((response) => response.text()));
    const reads = hub.reads - before;
    for (const text of texts) {
      const last = text.trim().split('\n\n').at(-1)!;
      expect(JSON.parse(last.split('\ndata: ')[1]!)).toMatchObject({
        status: 'done',
        verdict: 'AC',
      });
    }
    // The job changes about 14 times (queued, compiling, 11 cases, done). Read per viewer and
    // per change, eight viewers would cost over a hundred reads; shared, at most one per change.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(15);
  }, 60_000);

  it('gives a viewer who comes after the verdict the verdict at once', async () => {
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: solution('ref.py') },
    });
    await judged(student, queued.id);
    const response = await student.stream(memberQuestion['memberQuestion.status'], {
      query: { id: queued.id },
    });
    const blocks = (await response.text()).trim().split('\n\n');
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]!.split('\ndata: ')[1]!)).toMatchObject({
      id: queued.id,
      status: 'done',
      verdict: 'AC',
    });
  }, 60_000);

  it("refuses someone else's answer before streaming", async () => {
    const theirs = await student.call(memberQuestion['memberQuestion.queryList'], { body: {} });
    const error = await errorOf(
      parent.stream(memberQuestion['memberQuestion.status'], {
        query: { id: theirs.content[0]!.id },
      }),
    );
    expect(error?.status).toBe(404);
  });
});

describe('runs on custom input', () => {
  it('debug runs the code on the given input and returns stdout', async () => {
    const queued = await student.call(memberQuestion['memberQuestion.debug'], {
      body: { questionId: aPlusB, language: 'python', source: solution('ref.py'), input: '40 2\n' },
    });
    const detail = await judged(student, queued.id);
    expect(detail).toMatchObject({ kind: 'debug', verdict: 'AC' });
    expect(detail.run?.stdout).toBe('42\n');
    // Not a graded submission: it stays out of the latest-submission list.
    const latest = await student.call(memberQuestion['memberQuestion.queryLatestList'], {
      body: { questionIds: [aPlusB] },
    });
    expect(latest.map((a) => a.id)).not.toContain(queued.id);
  }, 60_000);

  it('the playground runs code without a question and keeps a draft', async () => {
    const source = 'print(input()[::-1])\n';
    await student.call(memberQuestion['memberPlayground.saveAsDraft'], {
      body: { language: 'python', source, input: 'abc\n' },
    });
    const queued = await student.call(memberQuestion['memberPlayground.submitAnswer'], {
      body: { language: 'python', source, input: 'abc\n' },
    });
    const detail = await judged(student, queued.id);
    expect(detail.run?.stdout).toBe('cba\n');
    const latest = await student.call(memberQuestion['memberPlayground.queryLatest'], {
      query: {},
    });
    expect(latest.draft).toMatchObject({ language: 'python', source, input: 'abc\n' });
    expect(latest.latestRun).toMatchObject({ id: queued.id, kind: 'playground', verdict: 'AC' });
  }, 60_000);

  it('answers the /oj forms of the playground and answer calls as the un-prefixed ones (docs/decisions/questions-and-practice.md)', async () => {
    const source = 'print(int(input()) * 2)\n';
    await student.call(memberQuestion['oj.memberPlayground.saveAsDraft'], {
      body: { language: 'python', source, input: '21\n' },
    });
    const queued = await student.call(memberQuestion['oj.memberPlayground.submitAnswer'], {
      body: { language: 'python', source, input: '21\n' },
    });
    const detail = await judged(student, queued.id);
    expect(detail.run?.stdout).toBe('42\n');
    const viaOj = await student.call(memberQuestion['oj.memberQuestion.queryById'], {
      query: { id: queued.id },
    });
    expect(viaOj).toEqual(detail);
    const latest = await student.call(memberQuestion['oj.memberPlayground.queryLatest'], {
      query: { language: 'python' },
    });
    expect(latest.draft).toMatchObject({ source, input: '21\n' });
    const list = await student.call(memberQuestion['oj.memberQuestion.queryList'], {
      query: { page: 0, size: 5 },
      body: { kind: 'playground' },
    });
    expect(list.content[0]).toMatchObject({ id: queued.id });
    const graded = await student.call(memberQuestion['oj.memberQuestion.queryLatestList'], {
      body: { questionIds: [aPlusB] },
    });
    expect(graded).toEqual(
      await student.call(memberQuestion['memberQuestion.queryLatestList'], {
        body: { questionIds: [aPlusB] },
      }),
    );
    // The same rules too: another member's answer is not the caller's.
    const other = await errorOf(
      parent.call(memberQuestion['oj.memberQuestion.queryById'], { query: { id: queued.id } }),
    );
    expect(other?.code).toBe(ErrorCode.NOT_FOUND);
  }, 60_000);
});

describe('objective questions, drafts and input checks', () => {
  it('grades an objective answer at once and then shows the solution', async () => {
    const solution = { answer: '0010', analysis: '常见平台上 int 为 32 位，即 4 个字节。' };
    const id = await insertObjectiveQuestion(platform.pool, {
      type: 'single',
      title: 'C++ 中 int 通常占几个字节？',
      options: ['1', '2', '4', '8'],
      ...solution,
    });
    const right = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: id, answer: '0010' },
    });
    expect(right).toMatchObject({ status: 'done', verdict: 'AC', score: 100, solution });
    const wrong = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: id, answer: '1000' },
    });
    expect(wrong).toMatchObject({ status: 'done', verdict: 'WA', score: 0, solution });
    // Before answering, the learner's view of the question carries neither.
    const view = await student.call(questionApi['oj.question.queryById'], { query: { id } });
    expect(JSON.stringify(view)).not.toContain('0010');
    expect(JSON.stringify(view)).not.toContain('32 位');
    const tooShort = await errorOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: id, answer: '01' },
        skipErrorHandler: true,
      }),
    );
    expect(tooShort?.code).toBe(ErrorCode.VALIDATION);
    expect(JSON.stringify(tooShort?.data)).toContain('body.answer');
  });

  it('saves a draft per language and restores the latest', async () => {
    await student.call(memberQuestion['memberQuestion.saveAsDraft'], {
      body: { questionId: aPlusB, language: 'cpp', source: '// 写到一半' },
    });
    await student.call(memberQuestion['memberQuestion.saveAsDraft'], {
      body: { questionId: aPlusB, language: 'python', source: 'a = 1', input: '1 2' },
    });
    const latest = await student.call(memberQuestion['memberQuestion.queryDraft'], {
      query: { questionId: aPlusB },
    });
    expect(latest).toMatchObject({ language: 'python', source: 'a = 1', input: '1 2' });
    const cpp = await student.call(memberQuestion['memberQuestion.queryDraft'], {
      query: { questionId: aPlusB, language: 'cpp' },
    });
    expect(cpp).toMatchObject({ language: 'cpp', source: '// 写到一半', input: null });
    expect(
      await parent.call(memberQuestion['memberQuestion.queryDraft'], {
        query: { questionId: aPlusB },
      }),
    ).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    const badLanguage = await errorOf(
      student.call(
        memberQuestion['memberQuestion.submitAnswer'],
        // A language the judge does not have, as a client with another contract would send it.
        {
          body: { questionId: aPlusB, language: 'java' as 'cpp', source: 'class A {}' },
          skipErrorHandler: true,
        },
      ),
    );
    expect(badLanguage?.code).toBe(ErrorCode.VALIDATION);
    expect(JSON.stringify(badLanguage?.data)).toContain('body.language');
    const noSource = await errorOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: aPlusB, language: 'cpp' },
        skipErrorHandler: true,
      }),
    );
    expect(JSON.stringify(noSource?.data)).toContain('body.source');
    const missing = await errorOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: 999_999, language: 'cpp', source: 'x' },
        skipErrorHandler: true,
      }),
    );
    expect(missing?.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('crash safety', () => {
  it('a worker killed mid-job: the submission is judged once after a new worker starts', async () => {
    // Each case sleeps, so the job is still running cases when the worker is killed.
    const slow = `import time\ntime.sleep(0.3)\n${solution('ref.py')}`;
    const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: aPlusB, language: 'python', source: slow },
    });
    const until = Date.now() + 30_000;
    for (;;) {
      const d = await student.call(memberQuestion['memberQuestion.queryById'], {
        query: { id: queued.id },
      });
      if (d.status === 'running' && (d.progress?.case ?? 0) >= 2) break;
      if (d.status === 'done') throw new Error('judged before the worker could be killed');
      if (Date.now() > until) throw new Error(`never started running (status ${d.status})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const [victim] = platform.judgeWorkers.pids();
    expect(victim).toBeDefined();
    process.kill(victim!, 'SIGKILL');

    const detail = await judged(student, queued.id, 90_000);
    expect(detail).toMatchObject({ status: 'done', verdict: 'AC', score: 100 });
    expect(platform.judgeWorkers.pids()).not.toContain(victim);
    const { rows } = await platform.pool.query<{ attempts: number; status: string; n: number }>(
      `SELECT j.attempts, j.status,
              (SELECT count(*)::int FROM member_questions WHERE judge_job_id = j.id) AS n
         FROM judge_jobs j JOIN member_questions mq ON mq.judge_job_id = j.id WHERE mq.id = $1`,
      [queued.id],
    );
    expect(rows).toEqual([{ attempts: 2, status: 'done', n: 1 }]);
  }, 120_000);
});

describe('a worker without isolation', () => {
  it('refuses to start and says exactly what is missing', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), WORKER_MAIN],
      {
        env: {
          ...process.env,
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          XINAO_JUDGE_BWRAP: '/nonexistent/bwrap',
          XINAO_JUDGE_UNSAFE: '',
        },
      },
    );
    const error = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stdout: string } | null;
    expect(error?.code).toBe(3);
    expect(error?.stdout).toContain('判题进程拒绝启动');
    expect(error?.stdout).toContain('bubblewrap（/nonexistent/bwrap）');
  }, 30_000);
});
