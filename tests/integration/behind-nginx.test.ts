/**
 * A learner's day on two API processes behind nginx (issue 28 item 1): Debian's nginx runs
 * deploy/nginx.conf as written (its addresses replaced), in front of two `npm start` servers on
 * one PostgreSQL with one judge worker of its own, each a separate operating-system process.
 * The learner signs in through one process and is served by both; submits through one and
 * follows the verdict on the other's status stream (and through nginx); saves exam answers
 * alternately; asks the assistant on one and reads the reply through the other. Then one API
 * process is killed outright mid-stream and mid-exam: nginx serves everything from the other,
 * every acknowledged answer is there, the killed process's reply ends failed and uncharged,
 * the sitting is handed in, and the ledger check passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/contract/envelope.ts';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ai } from '../../src/contract/ai/calls.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import type { SittingItem } from '../../src/contract/exam/sittings.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { system } from '../../src/contract/system/calls.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { INTERRUPTED_MESSAGE } from '../../src/server/ai/registry.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { findFreePort } from '../../src/server/net.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import type { CookieJar } from '../../src/transport/cookie-jar.ts';
import { RawClient } from '../support/api.ts';
import { madeMember } from '../support/people.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import {
  spawnJudgeWorker,
  spawnServer,
  startNginx,
  type ServerProcess,
} from '../support/server-processes.ts';

const A_PLUS_B =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}';

let database: TestPlatform;
const processes: ServerProcess[] = [];
/** The two API processes' and nginx's API addresses. */
let apiA: string;
let apiB: string;
let viaNginx: string;
let apiProcessA: ServerProcess;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilServing(apiUrl: string, what: ServerProcess[]) {
  const client = new RawClient(apiUrl);
  const deadline = Date.now() + 150_000;
  for (;;) {
    const answer = await client.call(system.root).catch(() => null);
    if (answer?.status === 200) return;
    const dead = what.find((p) => p.child.exitCode !== null);
    if (dead || Date.now() > deadline) {
      throw new Error(`${apiUrl} did not start:\n${what.map((p) => p.output()).join('\n')}`);
    }
    await sleep(300);
  }
}

beforeAll(async () => {
  database = await startTestPlatform({ judgeWorkers: 0 });
  const databaseUrl = database.pool.options.connectionString!;
  const [portA, portB, portNginx] = [await findFreePort(), await findFreePort(), 0];
  const apiEnv = {
    // Only nginx's own address is believed (the tests' direct calls come from it too).
    TRUST_PROXY: '127.0.0.1',
    // Slow pieces, so a reply is still being written when its process is killed.
    AI_BUILTIN_PIECE_MS: '150',
  };
  apiProcessA = await spawnServer(databaseUrl, portA, apiEnv);
  const apiProcessB = await spawnServer(databaseUrl, portB, apiEnv);
  const judge = spawnJudgeWorker(databaseUrl, { JUDGE_CACHE_DIR: TEST_CACHE_DIR });
  processes.push(apiProcessA, apiProcessB, judge);
  const nginxPort = portNginx || (await findFreePort());
  const nginx = await startNginx([`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], nginxPort);
  processes.push(nginx);
  apiA = `http://127.0.0.1:${portA}${API_PREFIX}`;
  apiB = `http://127.0.0.1:${portB}${API_PREFIX}`;
  viaNginx = `http://127.0.0.1:${nginxPort}${API_PREFIX}`;
  await Promise.all([untilServing(apiA, [apiProcessA]), untilServing(apiB, [apiProcessB])]);
  await untilServing(viaNginx, [nginx]);
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.stop();
});

/** A signed-in session (its cookie jar) called through `apiUrl`, typed. */
const through = (apiUrl: string, jar: CookieJar): Transport =>
  createTransport({
    baseUrl: apiUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', jar.header() ?? '');
      return fetch(input, { ...init, headers }).then((response) => {
        jar.store(response);
        return response;
      });
    },
  });

async function signIn(apiUrl: string, username: string, password: string): Promise<CookieJar> {
  const client = new RawClient(apiUrl);
  const login = await client.call(accounts.loginByPwd, { body: { username, password } });
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  return client.jar;
}

/** The processes that answered `n` calls of the session through `apiUrl`. */
async function servedBy(apiUrl: string, jar: CookieJar, n: number): Promise<string[]> {
  const client = new RawClient(apiUrl, undefined, jar);
  const seen: string[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await client.call(accounts.queryCurrent);
    expect(answer.body.success).toBe(true);
    seen.push(answer.headers.get('x-xinao-instance')!);
  }
  return seen;
}

const statusEvents = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('event: status'))
    .map(
      (block) => JSON.parse(block.split('\ndata: ')[1]!) as { status: string; verdict?: string },
    );

describe('a learner’s day on two API processes behind nginx', () => {
  let student: CookieJar;
  let learner: CookieJar;
  let sitting: SittingItem;
  let singleId: number;
  let revision = 0;

  it('signs in through one process and is served by both through nginx', async () => {
    const { username, password } = database.accounts.student;
    student = await signIn(apiA, username, password);
    const instances = new Set(await servedBy(viaNginx, student, 8));
    expect(instances.size).toBe(2);
    const direct = new Set([
      ...(await servedBy(apiA, student, 1)),
      ...(await servedBy(apiB, student, 1)),
    ]);
    expect(instances).toEqual(direct);
  });

  it('submits through one and follows the status stream on the other until the verdict', async () => {
    const { rows } = await database.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
    );
    const questionId = rows[0]!.id;
    const queued = await through(apiB, student).call(
      memberQuestion['memberQuestion.submitAnswer'],
      {
        body: { questionId, language: 'cpp', source: A_PLUS_B },
      },
    );
    const stream = await through(apiA, student).stream(memberQuestion['memberQuestion.status'], {
      query: { id: queued.id },
    });
    expect(statusEvents(await stream.text()).at(-1)).toMatchObject({
      status: 'done',
      verdict: 'AC',
    });
    // And through nginx, which passes the stream on as it is written.
    const again = await through(viaNginx, student).call(
      memberQuestion['memberQuestion.submitAnswer'],
      { body: { questionId, language: 'cpp', source: A_PLUS_B } },
    );
    const proxied = await through(viaNginx, student).stream(
      memberQuestion['memberQuestion.status'],
      { query: { id: again.id } },
    );
    expect(proxied.headers.get('content-type')).toContain('text/event-stream');
    expect(statusEvents(await proxied.text()).at(-1)).toMatchObject({
      status: 'done',
      verdict: 'AC',
    });
  }, 120_000);

  it('saves exam answers alternately through the two processes, each seen on the other', async () => {
    const teacherAccount = database.accounts.teacher;
    const teacher = through(
      viaNginx,
      await signIn(viaNginx, teacherAccount.username, teacherAccount.password),
    );
    madeMember(
      await teacher.call(organization['member.create'], {
        body: { nickname: '两进程考生', mobile: '13966660028', password: 'TwoApis#2026' },
      }),
    );
    learner = await signIn(viaNginx, '13966660028', 'TwoApis#2026');
    const open = await through(viaNginx, learner).call(exam['oj.exam.queryList'], {
      body: { keyword: DEMO_EXAMS.free },
    });
    const free = open.content.find((e) => e.name === DEMO_EXAMS.free)!;
    await through(apiB, learner).call(exam['oj.examEnroll.enroll'], { body: { examId: free.id } });
    sitting = await through(apiA, learner).call(exam['oj.examPaperEnroll.start'], {
      body: { examId: free.id, examPaperId: free.papers[0]!.examPaperId },
    });
    const paper = await through(apiB, learner).call(exam['oj.examPaper.queryQuestionList'], {
      body: { examPaperId: sitting.examPaperId },
    });
    singleId = paper.questions.find((q) => q.type === 'single')!.questionId;
    const answers = ['1000', '0100', '0010', '0001'];
    for (const [i, answer] of answers.entries()) {
      const [saveOn, readOn] = i % 2 === 0 ? [apiA, apiB] : [apiB, apiA];
      revision += 1;
      const saved = await through(saveOn, learner).call(exam['oj.examMemberQuestion.save'], {
        body: { examPaperEnrollId: sitting.id, questionId: singleId, revision, answer },
      });
      expect(saved).toMatchObject({ revision, applied: true });
      const stored = await through(readOn, learner).call(
        exam['oj.examMemberQuestion.queryLatest'],
        {
          query: { examPaperEnrollId: sitting.id, questionId: singleId },
        },
      );
      expect(stored).toMatchObject({ answer, revision });
    }
  });

  it('asks the assistant on one process and reads the reply through the other', async () => {
    const session = await through(apiA, student).call(ai['oj.aiSession.create'], {
      body: { scene: 'general' },
    });
    const { reply } = await through(apiA, student).call(ai['oj.aiSession.message.create'], {
      body: { sessionId: session.id, content: '什么是前缀和？' },
    });
    const streamed = await through(apiB, student).stream(
      ai['oj.aiSession.message.chatStream.{sessionId}'],
      { params: { sessionId: session.id }, query: { messageId: reply.id, after: 0 } },
    );
    const text = await streamed.text();
    expect(text).toContain('event: done');
    expect(text).toContain('"status":"done"');
  }, 60_000);

  it('loses nothing when one process is killed mid-stream and mid-exam: nginx serves from the other', async () => {
    // Mid-stream: a reply generated by process A, its first pieces read from A.
    const session = await through(apiA, student).call(ai['oj.aiSession.create'], {
      body: { scene: 'general' },
    });
    const { reply } = await through(apiA, student).call(ai['oj.aiSession.message.create'], {
      body: { sessionId: session.id, content: '讲讲二分查找' },
    });
    const reading = await through(apiA, student).stream(
      ai['oj.aiSession.message.chatStream.{sessionId}'],
      { params: { sessionId: session.id }, query: { messageId: reply.id, after: 0 } },
    );
    const reader = reading.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event:');
    // Mid-exam: an answer acknowledged by A.
    revision += 1;
    const saved = await through(apiA, learner).call(exam['oj.examMemberQuestion.save'], {
      body: { examPaperEnrollId: sitting.id, questionId: singleId, revision, answer: '1000' },
    });
    expect(saved).toMatchObject({ revision, applied: true });

    const killedInstance = (await servedBy(apiA, student, 1))[0]!;
    apiProcessA.kill();
    await apiProcessA.exited;
    await reader.read().catch(() => undefined);

    // Every call through nginx is answered, by the process left.
    const after = await servedBy(viaNginx, learner, 6);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(killedInstance);
    const stored = await through(viaNginx, learner).call(
      exam['oj.examMemberQuestion.queryLatest'],
      {
        query: { examPaperEnrollId: sitting.id, questionId: singleId },
      },
    );
    expect(stored).toMatchObject({ answer: '1000', revision });

    // The killed process's reply ends within seconds, failed and uncharged.
    const replyRow = async () =>
      (
        await database.pool.query<{ status: string; tokens: number; error: string | null }>(
          'SELECT status, tokens, error FROM ai_messages WHERE id = $1',
          [reply.id],
        )
      ).rows[0]!;
    await expect
      .poll(async () => (await replyRow()).status, { timeout: 30_000, interval: 500 })
      .toBe('failed');
    expect(await replyRow()).toMatchObject({ tokens: 0, error: INTERRUPTED_MESSAGE });
    // Read through nginx, the reply says how it ended.
    const ended = await through(viaNginx, student).stream(
      ai['oj.aiSession.message.chatStream.{sessionId}'],
      { params: { sessionId: session.id }, query: { messageId: reply.id, after: 0 } },
    );
    expect(await ended.text()).toContain('"status":"failed"');

    // The sitting goes on through nginx and is handed in.
    revision += 1;
    await through(viaNginx, learner).call(exam['oj.examMemberQuestion.save'], {
      body: { examPaperEnrollId: sitting.id, questionId: singleId, revision, answer: '0100' },
    });
    const handedIn = await through(viaNginx, learner).call(exam['oj.examPaperEnroll.complete'], {
      body: { id: sitting.id },
    });
    expect(handedIn.completedBy).toBe('member');

    const ledger = await checkLedger(database.pool);
    expect(ledger.problems).toEqual([]);
    expect(ledger.journals).toBeGreaterThan(0);
  }, 90_000);
});
