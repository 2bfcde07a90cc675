/**
 * The AI assistant over real HTTP (issue 10): prompts by role, sessions and messages, the
 * answer's event stream with replay and resume, stop, the token charge in the ledger, the
 * refusals (another member's session, too long, no tokens, an open exam sitting, a class that
 * turned it off), and an OpenAI-compatible provider played by a local fake server that streams,
 * stalls and talks garbage.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ai } from '../../src/contract/ai/refs.ts';
import type { AiDoneEvent, AiMessage } from '../../src/contract/ai/calls.ts';
import { APP_ID, APP_ID_HEADER } from '../../src/contract/envelope.ts';
import { ErrorCode, QUOTA_USED_UP_PHRASE } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { grade } from '../../src/contract/grade/refs.ts';
import { memberQuestion } from '../../src/contract/member-question/refs.ts';
import { wallet } from '../../src/contract/wallet/refs.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { countTokens } from '../../src/server/ai/tokens.ts';
import {
  AiRegistry,
  aiFor,
  closeAi,
  INTERRUPTED_MESSAGE,
  ORPHANED_MESSAGE,
  recoverInterrupted,
} from '../../src/server/ai/registry.ts';
import { aiConfigFromEnv } from '../../src/server/ai/config.ts';
import { replyContext } from '../../src/server/ai/context.ts';
import type { Auth } from '../../src/server/http/sessions.ts';
import { sleep, type AiModelProvider } from '../../src/server/ai/providers/types.ts';
import type { Pool } from '../../src/server/db/pool.ts';
import { createLogger } from '../../src/server/logger.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { Transport } from '../../src/transport/client.ts';
import { judged } from '../support/answers.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { insertProgrammingQuestion } from '../support/questions.ts';
import { sdk } from '../support/api.ts';
import { loginAs } from '../support/sessions.ts';

const APLUSB = path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b');
const chatStream = ai['oj.aiSession.message.chatStream.{sessionId}'];

interface StreamRead {
  deltas: { seq: number; text: string }[];
  done: AiDoneEvent | null;
}

/** Parses an event-stream text into its delta and done events (ids checked against seq). */
function parseEvents(text: string): StreamRead {
  const out: StreamRead = { deltas: [], done: null };
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
    const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
    if (!event || data === undefined) continue;
    if (event === 'delta') {
      const d = JSON.parse(data) as { seq: number; text: string };
      expect(lines.find((l) => l.startsWith('id: '))).toBe(`id: ${d.seq}`);
      out.deltas.push(d);
    } else if (event === 'done') {
      expect(out.done).toBeNull();
      out.done = JSON.parse(data) as AiDoneEvent;
    }
  }
  return out;
}

async function readStream(
  api: Transport,
  sessionId: number,
  messageId: number,
  after = 0,
): Promise<StreamRead> {
  const response = await api.stream(chatStream, {
    params: { sessionId },
    query: { messageId, after },
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return parseEvents(await response.text());
}

/** Reads a stream until `count` deltas arrived, then drops the connection. */
async function readSome(
  api: Transport,
  sessionId: number,
  messageId: number,
  count: number,
): Promise<{ seq: number; text: string }[]> {
  const abort = new AbortController();
  const response = await api.stream(chatStream, {
    params: { sessionId },
    query: { messageId },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    // Only whole events count: the last block may still be arriving.
    const whole = text.slice(0, text.lastIndexOf('\n\n') + 2);
    const read = parseEvents(whole);
    if (read.deltas.length >= count || read.done) {
      abort.abort();
      await reader.cancel().catch(() => undefined);
      return read.deltas.slice(0, count);
    }
  }
  return parseEvents(text).deltas;
}

const joined = (r: StreamRead) => r.deltas.map((d) => d.text).join('');
const seqs = (r: StreamRead) => r.deltas.map((d) => d.seq);

async function memberIdOf(platform: TestPlatform, username: string): Promise<number> {
  const { rows } = await platform.pool.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1
      ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0]!.id;
}

async function tokensOf(api: Transport): Promise<number> {
  const page = await api.call(wallet['oj.memberWallet.queryList'], { body: {} });
  return page.content[0]?.aiTokens ?? 0;
}

let keys = 0;
async function setTokens(admin: Transport, memberId: number, balance: number) {
  await admin.call(wallet['bms.memberWallet.update'], {
    body: {
      id: memberId,
      unit: 'aiToken',
      balance,
      reason: 'AI 助手测试',
      idempotencyKey: `ai-test-${process.pid}-${++keys}`,
    },
  });
}

async function messages(api: Transport, sessionId: number): Promise<AiMessage[]> {
  return (await api.call(ai['oj.aiSession.message.queryList'], { body: { sessionId } })).content;
}

/** A provider that says `texts`, one every `everyMs`, and stops when asked. */
const scripted = (texts: string[], everyMs: number): AiModelProvider => ({
  name: 'builtin',
  model: null,
  async generate(request, onDelta) {
    for (const text of texts) {
      await sleep(everyMs, request.signal);
      onDelta(text);
    }
  },
});

/**
 * `pool`, whose transactions fail at COMMIT (rolled back) while `failing` says so of the
 * statements they ran: a database that goes away at the worst moment.
 */
function failingCommits(pool: Pool, failing: (statements: string[]) => boolean): Pool {
  const bind = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop) as unknown;
    return typeof value === 'function'
      ? (value as (...a: unknown[]) => unknown).bind(target)
      : value;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop !== 'connect') return bind(target, prop);
      return async () => {
        const client = await target.connect();
        const statements: string[] = [];
        return new Proxy(client, {
          get(c, p) {
            if (p !== 'query') return bind(c, p);
            return (text: string, ...rest: unknown[]) => {
              if (text === 'BEGIN') statements.length = 0;
              if (text === 'COMMIT' && failing(statements)) {
                return Promise.reject(new Error('injected: the commit was lost'));
              }
              statements.push(text);
              return (c.query as (...a: unknown[]) => unknown)(text, ...rest);
            };
          },
        });
      };
    },
  });
}

interface StoredReply {
  status: string;
  content: string;
  tokens: number;
  error: string | null;
  seqs: number[];
}

/** The reply's row once it has ended, with the seqs of its stored deltas. */
async function endedReply(pool: Pool, id: number, withinMs = 15_000): Promise<StoredReply> {
  const until = Date.now() + withinMs;
  for (;;) {
    const { rows } = await pool.query<Omit<StoredReply, 'seqs'>>(
      'SELECT status, content, tokens, error FROM ai_messages WHERE id = $1',
      [id],
    );
    if (rows[0]!.status !== 'streaming') {
      const deltas = await pool.query<{ seq: number }>(
        'SELECT seq FROM ai_message_deltas WHERE message_id = $1 ORDER BY seq',
        [id],
      );
      return { ...rows[0]!, seqs: deltas.rows.map((d) => d.seq) };
    }
    if (Date.now() > until) throw new Error(`reply ${id} still streaming`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('with the built-in judge tutor', () => {
  let platform: TestPlatform;
  let student: Transport;
  let parent: Transport;
  let admin: Transport;
  let studentId: number;
  let parentId: number;
  let aPlusB: number;

  beforeAll(async () => {
    platform = await startTestPlatform({
      judgeWorkers: 1,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        AI_BASE_URL: '',
        AI_BUILTIN_PIECE_MS: '5',
        JUDGE_CACHE_DIR: TEST_CACHE_DIR,
      },
    });
    ({ api: student } = await loginAs(platform, 'student'));
    ({ api: parent } = await loginAs(platform, 'parent'));
    ({ api: admin } = await loginAs(platform, 'admin'));
    studentId = await memberIdOf(platform, platform.accounts.student.username);
    parentId = await memberIdOf(platform, platform.accounts.parent.username);
    aPlusB = await insertProgrammingQuestion(platform.pool, APLUSB);
    await setTokens(admin, studentId, 100_000);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('prompts, by role', () => {
    it('lets platform staff write prompts and learners read only enabled ones, without the text', async () => {
      const seeded = await student.call(ai['oj.aiPrompt.queryList'], { body: {} });
      expect(seeded.content.map((p) => p.scene).sort()).toEqual(
        ['examReport', 'general', 'homeworkReport', 'question'].sort(),
      );
      expect(seeded.content[0]).not.toHaveProperty('system');

      const created = await admin.call(ai['bms.aiPrompt.create'], {
        body: { scene: 'general', name: '测试提示词', system: '你是测试助教。', enabled: false },
      });
      expect(created).toMatchObject({
        name: '测试提示词',
        enabled: false,
        system: '你是测试助教。',
      });
      const hidden = await failureOf(
        student.call(ai['oj.aiPrompt.queryById'], { query: { id: created.id } }),
      );
      expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
      const enabled = await admin.call(ai['bms.aiPrompt.update'], {
        body: { id: created.id, enabled: true, sort: 99 },
      });
      expect(enabled).toMatchObject({ enabled: true, sort: 99, system: '你是测试助教。' });
      const seen = await student.call(ai['oj.aiPrompt.queryById'], { query: { id: created.id } });
      expect(seen).toEqual({
        id: created.id,
        scene: 'general',
        name: '测试提示词',
        description: '',
        sort: 99,
      });
      const byStaff = await admin.call(ai['bms.aiPrompt.queryList'], {
        body: { scene: 'general' },
      });
      expect(byStaff.content.map((p) => p.id)).toContain(created.id);
      await admin.call(ai['bms.aiPrompt.delete'], { body: { id: created.id } });
      const gone = await failureOf(
        admin.call(ai['bms.aiPrompt.queryById'], { query: { id: created.id } }),
      );
      expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    });

    it('refuses learners the staff calls, and bad prompts naming the field', async () => {
      for (const call of [
        () => student.call(ai['bms.aiPrompt.queryList'], { body: {} }),
        () =>
          student.call(ai['bms.aiPrompt.create'], {
            body: { scene: 'general', name: 'x', system: 'y' },
          }),
      ]) {
        expect((await failureOf(call())).code).toBe(ErrorCode.FORBIDDEN);
      }
      const bad = await failureOf(
        admin.call(ai['bms.aiPrompt.create'], {
          body: { scene: 'general', name: ' ', system: 'y' },
        }),
      );
      expect(bad.code).toBe(ErrorCode.VALIDATION);
      expect(bad.fieldErrors['body.name']).toBe('名称不能为空');
      const anonymous = await fetch(`${platform.apiUrl}/oj/aiSession/queryList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [APP_ID_HEADER]: APP_ID },
        body: '{}',
      });
      expect(anonymous.status).toBeGreaterThanOrEqual(400);
      expect(anonymous.status).toBeLessThan(500);
    });
  });

  it('answers every call of the assistant with its role rule', async () => {
    const anonymous = sdk(platform.apiUrl);
    const teacher = (await loginAs(platform, 'teacher')).api;
    for (const call of Object.values(ai)) {
      const params = call.path.includes('{sessionId}') ? { params: { sessionId: 1 } } : {};
      const input = {
        ...params,
        query: { id: 1, messageId: 1 },
        ...(call.method === 'GET' ? {} : { body: { id: 1 } }),
      } as never;
      const asAnonymous =
        call.responseKind === 'event-stream'
          ? await failureOf(anonymous.stream(call, input))
          : await failureOf(anonymous.call(call, input));
      expect(asAnonymous.status, call.id).toBe(401);
      if (call.id.startsWith('bms.')) {
        for (const api of [student, teacher]) {
          const refused = await failureOf(api.call(call, input));
          expect(refused.code, call.id).toBe(ErrorCode.FORBIDDEN);
        }
      }
    }
  });

  it('test-stream sends a fixed sentence and done, charging nothing', async () => {
    const before = await tokensOf(student);
    const response = await student.stream(ai['oj.aiSession.message.test-stream']);
    const read = parseEvents(await response.text());
    expect(seqs(read)).toEqual(read.deltas.map((_, i) => i + 1));
    expect(joined(read)).toContain('连接正常');
    expect(read.done).toMatchObject({ status: 'done', tokens: 0, balance: before });
    expect(await tokensOf(student)).toBe(before);
  });

  describe('a session on a question', () => {
    let sessionId: number;
    let compileError: number;
    /** The whole reply about the compile error, longer than any stopped one. */
    let fullText = '';

    beforeAll(async () => {
      const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: {
          questionId: aPlusB,
          language: 'cpp',
          source:
            '#include <iostream>\nint main() {\n  int a, b;\n  std::cin >> a >> b;\n  std::cout << a + c;\n}\n',
        },
      });
      const detail = await judged(student, queued.id, 90_000);
      expect(detail.verdict).toBe('CE');
      compileError = queued.id;
    }, 120_000);

    it('creates a session whose context the server checks', async () => {
      const session = await student.call(ai['oj.aiSession.create'], {
        body: { scene: 'question', context: { questionId: aPlusB } },
      });
      expect(session).toMatchObject({ scene: 'question', context: { questionId: aPlusB } });
      expect(session.title).toContain('做题求助');
      sessionId = session.id;
      const list = await student.call(ai['oj.aiSession.queryList'], {
        body: { questionId: aPlusB },
      });
      expect(list.content.map((s) => s.id)).toEqual([sessionId]);
      // The parent's own list does not show the student's session.
      const theirs = await parent.call(ai['oj.aiSession.queryList'], { body: {} });
      expect(theirs.content.map((s) => s.id)).not.toContain(sessionId);

      const notTheirs = await failureOf(
        parent.call(ai['oj.aiSession.create'], {
          body: { scene: 'question', context: { answerId: compileError } },
        }),
      );
      expect(notTheirs.code).toBe(ErrorCode.VALIDATION);
      expect(notTheirs.fieldErrors).toHaveProperty(['body.context.answerId']);
      const noExam = await failureOf(
        student.call(ai['oj.aiSession.create'], {
          body: { scene: 'examReport', context: { examId: 999_999 } },
        }),
      );
      expect(noExam.fieldErrors).toHaveProperty(['body.context.examId']);
    });

    it('explains the compile error from the judge, streamed and charged by its count', async () => {
      const before = await tokensOf(student);
      const { question, reply } = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId, content: '为什么编译错误？' },
      });
      expect(question).toMatchObject({ role: 'user', status: 'done', answerId: compileError });
      expect(reply).toMatchObject({
        role: 'assistant',
        status: 'streaming',
        provider: 'builtin',
        model: null,
        answerId: compileError,
      });
      const read = await readStream(student, sessionId, reply.id);
      const text = joined(read);
      expect(seqs(read)).toEqual(read.deltas.map((_, i) => i + 1));
      expect(text).toContain('编译错误（CE）');
      expect(text).toContain('`c` 没有声明');
      expect(text).toContain('std::cout << a + c;');
      expect(text).toContain('不是大语言模型');
      fullText = text;
      const tokens = countTokens(text);
      expect(read.done).toEqual({
        messageId: reply.id,
        status: 'done',
        tokens,
        balance: before - tokens,
      });
      expect(await tokensOf(student)).toBe(before - tokens);
      const stored = (await messages(student, sessionId)).find((m) => m.id === reply.id)!;
      expect(stored).toMatchObject({ content: text, status: 'done', tokens });

      // A finished reply replays the same text, and its end, without charging again.
      const again = await readStream(student, sessionId, reply.id);
      expect(joined(again)).toBe(text);
      expect(again.done).toMatchObject({ status: 'done', tokens, balance: before - tokens });
      const tail = await readStream(student, sessionId, reply.id, 3);
      expect(tail.deltas[0]!.seq).toBe(4);
      expect(joined(tail)).toBe(
        read.deltas
          .slice(3)
          .map((d) => d.text)
          .join(''),
      );
      expect(await tokensOf(student)).toBe(before - tokens);
    }, 30_000);

    it('resumes a dropped stream after the last seq with nothing duplicated', async () => {
      const { reply } = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId, content: '请再详细解释一下这次提交为什么没通过' },
      });
      const first = await readSome(student, sessionId, reply.id, 5);
      expect(first.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5]);
      const rest = await readStream(student, sessionId, reply.id, 5);
      expect(rest.deltas[0]!.seq).toBe(6);
      expect(seqs(rest)).toEqual(rest.deltas.map((_, i) => i + 6));
      const text = first.map((d) => d.text).join('') + joined(rest);
      const stored = (await messages(student, sessionId)).find((m) => m.id === reply.id)!;
      expect(stored.content).toBe(text);
      expect(rest.done).toMatchObject({ status: 'done', tokens: countTokens(text) });
    }, 30_000);

    it('stops a reply: status stopped, charged only for what was produced', async () => {
      const slowStart = Date.now();
      const before = await tokensOf(student);
      const { reply } = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId, content: '为什么没通过？' },
      });
      await readSome(student, sessionId, reply.id, 2);
      const stopped = await student.call(ai['oj.aiSession.message.stop'], {
        body: { messageId: reply.id },
      });
      expect(stopped.status).toBe('stopped');
      expect(stopped.tokens).toBe(countTokens(stopped.content));
      expect(stopped.tokens).toBeGreaterThan(0);
      // The whole reply is longer than what was produced before the stop.
      expect(stopped.content.length).toBeLessThan(fullText.length);
      expect(fullText.startsWith(stopped.content.slice(0, 10))).toBe(true);
      expect(await tokensOf(student)).toBe(before - stopped.tokens);
      const replay = await readStream(student, sessionId, reply.id);
      expect(joined(replay)).toBe(stopped.content);
      expect(replay.done).toMatchObject({ status: 'stopped', tokens: stopped.tokens });
      // A second stop changes nothing and charges nothing.
      const twice = await student.call(ai['oj.aiSession.message.stop'], {
        body: { messageId: reply.id },
      });
      expect(twice).toEqual(stopped);
      expect(await tokensOf(student)).toBe(before - stopped.tokens);
      expect(Date.now() - slowStart).toBeLessThan(15_000);
    }, 30_000);

    it('starts one reply at a time in a session: a second question meanwhile is a conflict', async () => {
      const [a, b] = await Promise.allSettled([
        student.call(ai['oj.aiSession.message.create'], { body: { sessionId, content: '第一问' } }),
        student.call(ai['oj.aiSession.message.create'], { body: { sessionId, content: '第二问' } }),
      ]);
      const ok = [a, b].filter((r) => r.status === 'fulfilled');
      const refused = [a, b].filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(((refused[0] as PromiseRejectedResult).reason as { code: number }).code).toBe(
        ErrorCode.CONFLICT,
      );
      const { reply } = (ok[0] as PromiseFulfilledResult<{ reply: AiMessage }>).value;
      expect((await readStream(student, sessionId, reply.id)).done?.status).toBe('done');
    }, 30_000);

    it('shows a wrong answer’s failing case exactly where the learner may see it', async () => {
      const wrong = readFileSync(path.join(APLUSB, 'solutions', 'wrong.py'), 'utf8');
      /** A WA answer of `api`'s, what queryById shows of it, and the tutor's reply about it. */
      const askAboutWrong = async (api: Transport) => {
        const queued = await api.call(memberQuestion['memberQuestion.submitAnswer'], {
          body: { questionId: aPlusB, language: 'python', source: wrong },
        });
        const detail = await judged(api, queued.id, 90_000);
        expect(detail.verdict).toBe('WA');
        const session = await api.call(ai['oj.aiSession.create'], {
          body: { scene: 'question', context: { answerId: queued.id } },
        });
        const { reply } = await api.call(ai['oj.aiSession.message.create'], {
          body: { sessionId: session.id, content: '为什么答案错误？' },
        });
        return { detail, text: joined(await readStream(api, session.id, reply.id)) };
      };
      // The demo student's card grants testCaseView: the case is theirs to see, and the tutor
      // shows it and reads the overflow from it.
      const shown = await askAboutWrong(student);
      expect(shown.detail.failingCase).not.toBeNull();
      expect(shown.text).toContain('答案错误（WA）');
      expect(shown.text).toContain('期望输出');
      expect(shown.text).toContain(shown.detail.failingCase!.input.trim().split('\n')[0]!);
      expect(shown.text).toContain('整数溢出');
      // The parent holds no card and no class opens cases: named, never shown.
      await setTokens(admin, parentId, 1000);
      const hidden = await askAboutWrong(parent);
      expect(hidden.detail.failingCaseHidden).toBe(true);
      expect(hidden.text).toContain('不可见');
      expect(hidden.text).not.toContain('期望输出');
      expect(hidden.text).not.toContain(shown.detail.failingCase!.input.trim().split('\n')[0]!);
    }, 180_000);

    it('never tells a learner who may not see the case what the program printed on it', async () => {
      // A program that raises its input: the exception message is the hidden case's data.
      const leaky = 'import sys\nraise RuntimeError("SECRET[" + sys.stdin.read().strip() + "]")\n';
      const askAboutCrash = async (api: Transport) => {
        const queued = await api.call(memberQuestion['memberQuestion.submitAnswer'], {
          body: { questionId: aPlusB, language: 'python', source: leaky },
        });
        const detail = await judged(api, queued.id, 90_000);
        expect(detail.verdict).toBe('RE');
        const session = await api.call(ai['oj.aiSession.create'], {
          body: { scene: 'question', context: { answerId: queued.id } },
        });
        const { reply } = await api.call(ai['oj.aiSession.message.create'], {
          body: { sessionId: session.id, content: '为什么运行错误？' },
        });
        const text = joined(await readStream(api, session.id, reply.id));
        const stored = (await messages(api, session.id)).find((m) => m.id === reply.id)!;
        expect(stored.content).toBe(text);
        // What a model would be sent (the same context): read as the server reads it.
        const member = await platform.pool.query<Auth>(
          `SELECT 0 AS "sessionId", user_id AS "userId", id AS "memberId", role,
                  organization_id AS "organizationId", false AS "platformAdmin",
                  now() AS "expiresAt"
             FROM members WHERE id = $1`,
          [api === student ? studentId : parentId],
        );
        const { tutor } = await replyContext(
          platform.pool,
          member.rows[0]!,
          { scene: 'question', context: { answerId: queued.id } },
          '为什么运行错误？',
          undefined,
        );
        return { detail, text, failing: tutor.answer!.failing! };
      };
      // With the right to see cases, the exception and its message are the learner's.
      const shown = await askAboutCrash(student);
      expect(shown.text).toContain('RuntimeError');
      expect(shown.text).toContain(`SECRET[${shown.detail.failingCase!.input.trim()}]`);
      expect(shown.failing.stderr).toContain('SECRET[');
      // Without it: the exception's name, never its message.
      await setTokens(admin, parentId, 1000);
      const hidden = await askAboutCrash(parent);
      expect(hidden.detail.failingCaseHidden).toBe(true);
      expect(hidden.text).toContain('RuntimeError');
      expect(hidden.text).toContain('不可见');
      expect(hidden.text).not.toContain('SECRET');
      expect(hidden.failing).toMatchObject({ input: null, stderr: '', exception: 'RuntimeError' });
    }, 180_000);

    it('refuses another member’s session, its stream and its messages as not found', async () => {
      await setTokens(admin, parentId, 1000);
      const [own] = await messages(student, sessionId);
      const refusals = [
        () =>
          parent.call(ai['oj.aiSession.message.create'], { body: { sessionId, content: '你好' } }),
        () => parent.call(ai['oj.aiSession.message.queryList'], { body: { sessionId } }),
        () => parent.call(ai['oj.aiSession.message.stop'], { body: { messageId: own!.id } }),
      ];
      for (const r of refusals) expect((await failureOf(r())).code).toBe(ErrorCode.NOT_FOUND);
      const stream = await failureOf(
        parent.stream(chatStream, { params: { sessionId }, query: { messageId: own!.id + 1 } }),
      );
      expect(stream.status).toBe(404);
      const badPath = await failureOf(
        student.stream(chatStream, { params: { sessionId: 'abc' }, query: { messageId: 1 } }),
      );
      expect(badPath.status).toBe(400);
    });

    it('refuses content over 4000 characters naming body.content, storing nothing', async () => {
      const count = (await messages(student, sessionId)).length;
      const tooLong = await failureOf(
        student.call(ai['oj.aiSession.message.create'], {
          body: { sessionId, content: '题'.repeat(4001) },
        }),
      );
      expect(tooLong.code).toBe(ErrorCode.VALIDATION);
      expect(tooLong.fieldErrors['body.content']).toBe('问题最多 4000 个字符');
      expect(await messages(student, sessionId)).toHaveLength(count);
    });
  });

  describe('tokens', () => {
    let sessionId: number;

    beforeAll(async () => {
      sessionId = (await parent.call(ai['oj.aiSession.create'], { body: { scene: 'general' } })).id;
    });

    it('refuses a question with no tokens left (times used up), storing nothing', async () => {
      await setTokens(admin, parentId, 0);
      const refused = await failureOf(
        parent.call(ai['oj.aiSession.message.create'], { body: { sessionId, content: '你好' } }),
      );
      expect(refused.code).toBe(ErrorCode.QUOTA_USED_UP);
      expect(refused.message).toContain(QUOTA_USED_UP_PHRASE);
      expect(refused.message).toContain('购买 AI 额度');
      expect(await messages(parent, sessionId)).toEqual([]);
    });

    it('charges what is left when an answer costs more, and says so', async () => {
      await setTokens(admin, parentId, 5);
      const { reply } = await parent.call(ai['oj.aiSession.message.create'], {
        body: { sessionId, content: '你好' },
      });
      const read = await readStream(parent, sessionId, reply.id);
      expect(countTokens(joined(read))).toBeGreaterThan(5);
      expect(read.done).toMatchObject({ status: 'done', tokens: 5, balance: 0 });
      expect(read.done!.message).toContain('余额只剩 5');
      expect(await tokensOf(parent)).toBe(0);
    }, 30_000);
  });

  it('lets a member with one token left have one answer, however many questions race', async () => {
    await setTokens(admin, parentId, 1);
    const sessions: number[] = [];
    for (let i = 0; i < 20; i++) {
      sessions.push(
        (await parent.call(ai['oj.aiSession.create'], { body: { scene: 'general' } })).id,
      );
    }
    const sent = await Promise.allSettled(
      sessions.map((sessionId) =>
        parent.call(ai['oj.aiSession.message.create'], {
          body: { sessionId, content: '你好，请介绍一下你自己' },
        }),
      ),
    );
    const ok = sent.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of sent) {
      if (r.status === 'fulfilled') continue;
      expect([ErrorCode.CONFLICT, ErrorCode.QUOTA_USED_UP]).toContain(
        (r.reason as { code: number }).code,
      );
    }
    const { question, reply } = (
      ok[0] as PromiseFulfilledResult<{
        question: AiMessage;
        reply: AiMessage;
      }>
    ).value;
    const read = await readStream(parent, question.sessionId, reply.id);
    expect(read.done).toMatchObject({ status: 'done', tokens: 1, balance: 0 });
    const stored = await platform.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ai_messages WHERE session_id = ANY($1::int[])',
      [sessions],
    );
    expect(stored.rows[0]!.n).toBe(2);
    const after = await failureOf(
      parent.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: sessions[1]!, content: '再问一次' },
      }),
    );
    expect(after.code).toBe(ErrorCode.QUOTA_USED_UP);
  }, 60_000);

  it('refuses a second question while the member’s reply in another session is live', async () => {
    await setTokens(admin, parentId, 1000);
    const one = (await parent.call(ai['oj.aiSession.create'], { body: { scene: 'general' } })).id;
    const two = (await parent.call(ai['oj.aiSession.create'], { body: { scene: 'general' } })).id;
    const first = await parent.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: one, content: '你好' },
    });
    const refused = await failureOf(
      parent.call(ai['oj.aiSession.message.create'], { body: { sessionId: two, content: '你好' } }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('另一个会话');
    await readStream(parent, one, first.reply.id);
    const later = await parent.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: two, content: '你好' },
    });
    expect((await readStream(parent, two, later.reply.id)).done?.status).toBe('done');
  }, 30_000);

  it('answers a question sent again with the same key with the first one, charging once', async () => {
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const ask = (clientKey: string) =>
      student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: session.id, content: '你好', clientKey },
      });
    const before = await tokensOf(student);
    const first = await ask('resend-key-0001');
    // Sent again while its reply is still being written: the same question and reply, no conflict.
    const again = await ask('resend-key-0001');
    expect(again.question.id).toBe(first.question.id);
    expect(again.reply.id).toBe(first.reply.id);
    const read = await readStream(student, session.id, first.reply.id);
    // And once it has ended, with what it became.
    const later = await ask('resend-key-0001');
    expect(later.reply).toMatchObject({ id: first.reply.id, status: 'done' });
    expect(await messages(student, session.id)).toHaveLength(2);
    expect(await tokensOf(student)).toBe(before - read.done!.tokens);
    // Another key is another question.
    const other = await ask('resend-key-0002');
    expect(other.question.id).not.toBe(first.question.id);
    await readStream(student, session.id, other.reply.id);
    const bad = await failureOf(ask('短'));
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.fieldErrors['body.clientKey']).toContain('客户端标识');
  }, 30_000);

  it('opens the report scenes on the learner’s own reported exam and homework', async () => {
    const exam = await platform.pool.query<{ exam_id: number; question_id: number; title: string }>(
      `SELECT s.exam_id, pq.question_id, q.title FROM exam_paper_enrolls s
         JOIN exams e ON e.id = s.exam_id
         JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id
         JOIN questions q ON q.id = pq.question_id
        WHERE s.member_id = $1 AND s.state = 'reported' AND e.name = $2
        ORDER BY pq.sort LIMIT 1`,
      [studentId, DEMO_EXAMS.past],
    );
    const { exam_id: examId, question_id: questionId, title } = exam.rows[0]!;
    const session = await student.call(ai['oj.aiSession.create'], {
      body: { scene: 'examReport', context: { examId, questionId } },
    });
    expect(session.title).toContain(title);
    const { reply } = await student.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: session.id, content: '这道题为什么失分？' },
    });
    const read = await readStream(student, session.id, reply.id);
    expect(read.done?.status).toBe('done');
    expect(joined(read)).toContain(title);
    // A question outside the learner's paper is not theirs in this scene.
    const outside = await failureOf(
      student.call(ai['oj.aiSession.create'], {
        body: { scene: 'examReport', context: { examId, questionId: aPlusB } },
      }),
    );
    expect(outside.fieldErrors).toHaveProperty(['body.context.questionId']);

    const homework = await platform.pool.query<{ homework_id: number }>(
      'SELECT homework_id FROM homework_enrolls WHERE member_id = $1 LIMIT 1',
      [studentId],
    );
    if (homework.rows[0]) {
      const hw = await student.call(ai['oj.aiSession.create'], {
        body: { scene: 'homeworkReport', context: { homeworkId: homework.rows[0].homework_id } },
      });
      expect(hw.scene).toBe('homeworkReport');
    }
    const notMine = await failureOf(
      parent.call(ai['oj.aiSession.create'], {
        body: { scene: 'examReport', context: { examId } },
      }),
    );
    expect(notMine.fieldErrors).toHaveProperty(['body.context.examId']);
  }, 30_000);

  it('refuses the assistant where the student’s class turned it off', async () => {
    const { rows } = await platform.pool.query<{ grade_id: number }>(
      'SELECT grade_id FROM grade_members WHERE member_id = $1 LIMIT 1',
      [studentId],
    );
    const gradeId = rows[0]!.grade_id;
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    await admin.call(grade['bms.grade.controls.update'], {
      body: { gradeId, controls: [{ code: 'useAiAssistant', enabled: false }] },
    });
    try {
      const off = await failureOf(
        student.call(ai['oj.aiSession.message.create'], {
          body: { sessionId: session.id, content: '你好' },
        }),
      );
      expect(off.code).toBe(ErrorCode.FORBIDDEN);
      expect(off.message).toContain('班级已关闭 AI 助手');
      expect(await messages(student, session.id)).toEqual([]);
    } finally {
      await admin.call(grade['bms.grade.controls.update'], {
        body: { gradeId, controls: [{ code: 'useAiAssistant', enabled: true }] },
      });
    }
    const back = await student.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: session.id, content: '你好' },
    });
    await readStream(student, session.id, back.reply.id);
  }, 30_000);

  it('refuses the assistant during an open exam sitting', async () => {
    await setTokens(admin, parentId, 1000);
    const { rows } = await platform.pool.query<{ exam_id: number; exam_paper_id: number }>(
      `SELECT e.id AS exam_id, ep.exam_paper_id FROM exams e
         JOIN exam_exam_papers ep ON ep.exam_id = e.id WHERE e.name = $1 LIMIT 1`,
      [DEMO_EXAMS.free],
    );
    const { exam_id: examId, exam_paper_id: examPaperId } = rows[0]!;
    await parent.call(exam['oj.examEnroll.enroll'], { body: { examId } });
    await parent.call(exam['oj.examPaperEnroll.start'], { body: { examId, examPaperId } });
    const session = await parent.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const refused = await failureOf(
      parent.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: session.id, content: '这道题怎么做？' },
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    expect(refused.message).toContain('考试作答期间');
    expect(await tokensOf(parent)).toBe(1000);
  });

  describe('a reply left streaming that nothing generates', () => {
    /** What a failed start or a failed end leaves: a streaming row, some text, no registry. */
    // Owned by the platform's own (live) process, which could not store its start or end.
    async function orphan(sessionId: number): Promise<number> {
      const { rows } = await platform.pool.query<{ id: number }>(
        `INSERT INTO ai_messages (session_id, member_id, role, content, status, provider, seq, owner)
         VALUES ($1, $2, 'assistant', '半截', 'streaming', 'builtin', 1,
                 (SELECT id FROM api_instances ORDER BY started_at LIMIT 1)) RETURNING id`,
        [sessionId, studentId],
      );
      await platform.pool.query(
        `INSERT INTO ai_message_deltas (message_id, seq, text) VALUES ($1, 1, '半截')`,
        [rows[0]!.id],
      );
      return rows[0]!.id;
    }

    it('does not block the next question: it ends failed, uncharged', async () => {
      const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
      const left = await orphan(session.id);
      const before = await tokensOf(student);
      const next = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: session.id, content: '你好' },
      });
      const gone = (await messages(student, session.id)).find((m) => m.id === left)!;
      expect(gone).toMatchObject({ status: 'failed', tokens: 0, content: '半截' });
      expect(gone.error).toBe(ORPHANED_MESSAGE);
      const read = await readStream(student, session.id, next.reply.id);
      expect(read.done?.status).toBe('done');
      expect(await tokensOf(student)).toBe(before - read.done!.tokens);
    }, 30_000);

    it('is ended by a stop, which says so, and charges nothing', async () => {
      const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
      const left = await orphan(session.id);
      const before = await tokensOf(student);
      const stopped = await student.call(ai['oj.aiSession.message.stop'], {
        body: { messageId: left },
      });
      expect(stopped).toMatchObject({ status: 'failed', tokens: 0, error: ORPHANED_MESSAGE });
      expect(await tokensOf(student)).toBe(before);
    });

    it('is ended for a reader within seconds, not polled for ever', async () => {
      const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
      const left = await orphan(session.id);
      const started = Date.now();
      const read = await readStream(student, session.id, left);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(joined(read)).toBe('半截');
      expect(read.done).toMatchObject({ status: 'failed', tokens: 0, message: ORPHANED_MESSAGE });
    }, 20_000);

    it('is what a reply whose generation cannot start becomes: failed at once, the next one free to go', async () => {
      const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
      const registry = aiFor(platform.pool, createLogger({ level: 'silent', quiet: true }));
      const start = registry.start.bind(registry);
      registry.start = () => {
        registry.start = start;
        throw new Error('injected: cannot start');
      };
      const { reply } = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: session.id, content: '你好' },
      });
      expect(reply).toMatchObject({ status: 'failed', tokens: 0, error: ORPHANED_MESSAGE });
      const read = await readStream(student, session.id, reply.id);
      expect(read.done).toMatchObject({ status: 'failed', tokens: 0 });
      const next = await student.call(ai['oj.aiSession.message.create'], {
        body: { sessionId: session.id, content: '你好' },
      });
      expect((await readStream(student, session.id, next.reply.id)).done?.status).toBe('done');
    }, 30_000);
  });

  describe('the registry when the database fails under it', () => {
    const logger = createLogger({ level: 'silent', quiet: true });
    const texts = ['第一段，', '第二段，', '第三段，', '第四段，', '第五段，', '第六段。'];
    const whole = texts.join('');

    async function replyRow(): Promise<number> {
      const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
      // Generated by the registry of this test: a process of its own, alive, that the
      // platform's sweeps leave alone.
      await platform.pool.query(
        `INSERT INTO api_instances (id) VALUES ('test-registry')
         ON CONFLICT (id) DO UPDATE SET alive_at = now()`,
      );
      const { rows } = await platform.pool.query<{ id: number }>(
        `INSERT INTO ai_messages (session_id, member_id, role, content, status, provider, owner)
         VALUES ($1, $2, 'assistant', '', 'streaming', 'builtin', 'test-registry') RETURNING id`,
        [session.id, studentId],
      );
      return rows[0]!.id;
    }
    const request = {
      messages: [],
      tutor: { scene: 'general' as const, question: null, answer: null, text: '你好' },
    };

    it('stores the whole text when the first try to store the end is rolled back', async () => {
      let failed = 0;
      const pool = failingCommits(platform.pool, (statements) => {
        const ending = statements.some((q) => q.includes('SET status'));
        return ending && failed++ === 0;
      });
      const registry = new AiRegistry(pool, logger, aiConfigFromEnv({}), scripted(texts, 0));
      const id = await replyRow();
      const before = await tokensOf(student);
      registry.start(id, studentId, request);
      const stored = await endedReply(platform.pool, id);
      expect(failed).toBe(2);
      expect(stored).toMatchObject({ status: 'done', content: whole, tokens: countTokens(whole) });
      expect(stored.seqs).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await tokensOf(student)).toBe(before - countTokens(whole));
    }, 30_000);

    it('writes again what a rolled-back flush did not store', async () => {
      let failed = 0;
      const pool = failingCommits(platform.pool, (statements) => {
        const flushing =
          statements.some((q) => q.includes('INSERT INTO ai_message_deltas')) &&
          !statements.some((q) => q.includes('SET status'));
        return flushing && failed++ === 0;
      });
      const registry = new AiRegistry(pool, logger, aiConfigFromEnv({}), scripted(texts, 120));
      const id = await replyRow();
      registry.start(id, studentId, request);
      const stored = await endedReply(platform.pool, id);
      expect(failed).toBeGreaterThan(1);
      expect(stored).toMatchObject({ status: 'done', content: whole, tokens: countTokens(whole) });
      expect(stored.seqs).toEqual([1, 2, 3, 4, 5, 6]);
    }, 30_000);

    it('stops a reply nobody has read for a while, charging what was produced', async () => {
      const config = { ...aiConfigFromEnv({}), noReaderStopMs: 400 };
      const many = Array.from({ length: 60 }, (_, i) => `第${i}句。`);
      const registry = new AiRegistry(platform.pool, logger, config, scripted(many, 50));
      const unread = await replyRow();
      const before = await tokensOf(student);
      registry.start(unread, studentId, request);
      const stopped = await endedReply(platform.pool, unread);
      expect(stopped.status).toBe('stopped');
      expect(stopped.error).toContain('页面关闭');
      expect(stopped.content.length).toBeGreaterThan(0);
      expect(stopped.content.length).toBeLessThan(many.join('').length);
      expect(stopped.tokens).toBe(countTokens(stopped.content));
      expect(await tokensOf(student)).toBe(before - stopped.tokens);

      // Followed throughout, the same reply runs to its end.
      const read = await replyRow();
      registry.start(read, studentId, request);
      const seen: string[] = [];
      registry.follow(read, 0, {
        delta: (_seq, text) => seen.push(text),
        done: () => {},
        drop: () => {},
      });
      const finished = await endedReply(platform.pool, read);
      expect(finished).toMatchObject({ status: 'done', content: many.join('') });
      expect(seen.join('')).toBe(many.join(''));
    }, 30_000);
  });

  it('marks a reply left streaming by a stopped process failed at start-up, uncharged', async () => {
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const before = await tokensOf(student);
    // What a killed process leaves: a reply row still streaming, with some text, no registry.
    const { rows } = await platform.pool.query<{ id: number }>(
      `INSERT INTO ai_messages (session_id, member_id, role, content, status, provider, seq)
       VALUES ($1, $2, 'assistant', '半截', 'streaming', 'builtin', 1) RETURNING id`,
      [session.id, studentId],
    );
    await platform.pool.query(
      `INSERT INTO ai_message_deltas (message_id, seq, text) VALUES ($1, 1, '半截')`,
      [rows[0]!.id],
    );
    // Whichever ends it — this start-up recovery, or the running process's own sweep — ends it so.
    await recoverInterrupted(platform.pool);
    const read = await readStream(student, session.id, rows[0]!.id);
    expect(joined(read)).toBe('半截');
    expect(read.done).toEqual({
      messageId: rows[0]!.id,
      status: 'failed',
      tokens: 0,
      balance: before,
      message: INTERRUPTED_MESSAGE,
    });
    expect(await tokensOf(student)).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------

/** What the fake model saw, per request. */
interface Seen {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * An OpenAI-compatible server whose behaviour the learner's question picks: a normal stream
 * with usage, a stall before the first byte, a stall in the middle, garbage, an error status.
 */
function fakeModel(seen: Seen[]): Server {
  return createServer((req, res) => {
    void readBody(req).then((raw) => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ authorization: req.headers.authorization, body });
      const ask = body.messages.at(-1)!.content;
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
      if (ask.includes('stall-first')) return; // never answers
      if (ask.includes('garbage')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('<html>502 Bad Gateway</html>\n');
        return;
      }
      if (ask.includes('empty-answer')) {
        // A reasoning model that thought (and counted) and said nothing.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: '' } }] })}\n\n`,
        );
        res.write(
          `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 77 } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
        return;
      }
      if (ask.includes('error-status')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('你好，'));
      if (ask.includes('stall-middle')) return; // one piece, then silence
      const rest = ['我是', '测试', '模型。'];
      let i = 0;
      const timer = setInterval(() => {
        if (i < rest.length) {
          res.write(chunk(rest[i++]!));
          return;
        }
        clearInterval(timer);
        res.write(
          `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 42 } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      }, 20);
    });
  });
}

describe('with an OpenAI-compatible model (a local fake)', () => {
  let platform: TestPlatform;
  let fake: Server;
  const seen: Seen[] = [];
  let student: Transport;
  let admin: Transport;
  let sessionId: number;

  beforeAll(async () => {
    fake = fakeModel(seen);
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    platform = await startTestPlatform({
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'fake-model',
        AI_FIRST_BYTE_TIMEOUT_MS: '600',
        AI_IDLE_TIMEOUT_MS: '600',
      },
    });
    ({ api: student } = await loginAs(platform, 'student'));
    ({ api: admin } = await loginAs(platform, 'admin'));
    await setTokens(admin, await memberIdOf(platform, platform.accounts.student.username), 1000);
    sessionId = (await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } })).id;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
  });

  const ask = (content: string) =>
    student.call(ai['oj.aiSession.message.create'], { body: { sessionId, content } });

  /** The fake's answer costs what it says, not the 42 completion tokens it reports. */
  const ANSWER = '你好，我是测试模型。';
  const BALANCE = 1000 - countTokens(ANSWER);

  it('streams the model’s answer and charges what it delivered, not what it reports', async () => {
    const { reply } = await ask('介绍一下你自己');
    expect(reply).toMatchObject({ provider: 'openai', model: 'fake-model', status: 'streaming' });
    const read = await readStream(student, sessionId, reply.id);
    expect(joined(read)).toBe(ANSWER);
    expect(countTokens(ANSWER)).not.toBe(42);
    expect(read.done).toMatchObject({
      status: 'done',
      tokens: countTokens(ANSWER),
      balance: BALANCE,
    });
    const request = seen.at(-1)!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(request.body.messages[0]!.role).toBe('system');
    expect(request.body.messages[0]!.content).toContain('信奥训练营');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: '介绍一下你自己' });
  });

  it('charges nothing for an empty answer, whatever the model counted', async () => {
    const { reply } = await ask('empty-answer');
    const read = await readStream(student, sessionId, reply.id);
    expect(joined(read)).toBe('');
    expect(read.done).toMatchObject({ status: 'done', tokens: 0, balance: BALANCE });
    expect(await tokensOf(student)).toBe(BALANCE);
  });

  it('cuts off a model that never answers at its first-byte limit, charging nothing', async () => {
    const started = Date.now();
    const { reply } = await ask('stall-first');
    const read = await readStream(student, sessionId, reply.id);
    const took = Date.now() - started;
    expect(read.done).toMatchObject({ status: 'failed', tokens: 0, balance: BALANCE });
    expect(read.done!.message).toContain('没有响应');
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(5000);
    expect(await tokensOf(student)).toBe(BALANCE);
  });

  it('cuts off a model that stalls in the middle at its idle limit, keeping the text, charging nothing', async () => {
    const { reply } = await ask('stall-middle');
    const read = await readStream(student, sessionId, reply.id);
    expect(joined(read)).toBe('你好，');
    expect(read.done).toMatchObject({ status: 'failed', tokens: 0, balance: BALANCE });
    expect(read.done!.message).toContain('没有新的内容');
    const stored = (await messages(student, sessionId)).find((m) => m.id === reply.id)!;
    expect(stored).toMatchObject({ status: 'failed', tokens: 0, content: '你好，' });
  });

  it('ends a reply still being generated as failed, uncharged, when the server shuts down', async () => {
    const { reply } = await ask('stall-first');
    const reading = readStream(student, sessionId, reply.id);
    await new Promise((r) => setTimeout(r, 100));
    await closeAi(platform.pool);
    const read = await reading;
    expect(read.done).toMatchObject({ status: 'failed', tokens: 0, balance: BALANCE });
    expect(read.done!.message).toContain('服务正在停止');
  });

  it('fails on garbage and on an error status with a Chinese message, charging nothing', async () => {
    const garbage = await ask('garbage');
    const g = await readStream(student, sessionId, garbage.reply.id);
    expect(g.done).toMatchObject({ status: 'failed', tokens: 0, balance: BALANCE });
    expect(g.done!.message).toContain('无法识别');
    const error = await ask('error-status');
    const e = await readStream(student, sessionId, error.reply.id);
    expect(e.done).toMatchObject({ status: 'failed', tokens: 0, balance: BALANCE });
    expect(e.done!.message).toContain('500');
    expect(e.done!.message).toContain('model overloaded');
    expect(await tokensOf(student)).toBe(BALANCE);
  });
});
