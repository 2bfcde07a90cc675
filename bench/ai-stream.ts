/**
 * The AI assistant through the whole stack (issue 10): the platform in its own process as
 * `npm start` runs it, the built-in judge tutor answering, a learner's client over HTTP.
 *
 * 1. Time to first token (message/create sent → first `delta` read on chatStream) and tokens
 *    per second of the tutor's answers, 20 answers one after another, at the tutor's default
 *    pace (AI_BUILTIN_PIECE_MS) and unpaced (0: what the stack itself can carry).
 * 2. 100 answers streamed at once and held open (the tutor slowed to one piece per 100 ms so
 *    they stay open): the server process's resident memory, and the latency of a plain paged
 *    list (oj/aiSession/queryList) measured from outside — the event loop's delay as a client
 *    feels it — against the same list with no stream open, in the same run.
 *
 *   npx tsx bench/ai-stream.ts
 */
import { readFileSync } from 'node:fs';
import { accounts } from '../src/contract/accounts/refs.ts';
import { ai } from '../src/contract/ai/refs.ts';
import type { AiDoneEvent } from '../src/contract/ai/calls.ts';
import { wallet } from '../src/contract/wallet/refs.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import type { Transport } from '../src/transport/client.ts';
import { sdk } from '../tests/support/api.ts';
import { withPlatform, type BenchPlatform } from './support/server.ts';
import { percentile, timed } from './support/timing.ts';

const chatStream = ai['oj.aiSession.message.chatStream.{sessionId}'];

async function login(apiUrl: string, role: 'student' | 'admin'): Promise<Transport> {
  const api = sdk(apiUrl);
  await api.call(accounts.loginByPwd, {
    body: { username: DEMO_ACCOUNTS[role].username, password: DEFAULT_SEED_PASSWORD },
  });
  return api;
}

async function prepare(platform: BenchPlatform) {
  const student = await login(platform.apiUrl, 'student');
  const admin = await login(platform.apiUrl, 'admin');
  const { rows } = await platform.db.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1
      ORDER BY m.id LIMIT 1`,
    [DEMO_ACCOUNTS.student.username],
  );
  await admin.call(wallet['bms.memberWallet.update'], {
    body: {
      id: rows[0]!.id,
      unit: 'aiToken',
      balance: 10_000_000,
      reason: '压测',
      idempotencyKey: `bench-ai-${Date.now()}`,
    },
  });
  return student;
}

interface Answer {
  firstTokenMs: number;
  streamMs: number;
  tokens: number;
}

/** Asks once in a fresh session and reads the answer to its end. */
async function ask(api: Transport, content: string): Promise<Answer> {
  const session = await api.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
  const start = performance.now();
  const { reply } = await api.call(ai['oj.aiSession.message.create'], {
    body: { sessionId: session.id, content },
  });
  const response = await api.stream(chatStream, {
    params: { sessionId: session.id },
    query: { messageId: reply.id },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!first && text.includes('event: delta')) first = performance.now();
  }
  const end = performance.now();
  const doneBlock = text.split('\n\n').find((b) => b.startsWith('event: done'))!;
  const event = JSON.parse(doneBlock.split('\ndata: ')[1]!) as AiDoneEvent;
  if (event.status !== 'done') throw new Error(`answer ended ${event.status}: ${event.message}`);
  return { firstTokenMs: first - start, streamMs: end - first, tokens: event.tokens };
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

const lines: string[] = [];

for (const pace of ['15', '0']) {
  await withPlatform(`ai-${pace}`, { AI_BUILTIN_PIECE_MS: pace }, async (platform) => {
    const student = await prepare(platform);
    await ask(student, '你好'); // warm-up: first compile of the paths, first connections
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) answers.push(await ask(student, '你好，你能做什么？'));
    const ttft = answers.map((a) => a.firstTokenMs).sort((a, b) => a - b);
    const rates = answers.map((a) => a.tokens / (a.streamMs / 1000)).sort((a, b) => a - b);
    lines.push(
      `| ${pace} ms | ${fmt(percentile(ttft, 50))} ms | ${fmt(percentile(ttft, 95))} ms | ` +
        `${answers[0]!.tokens} | ${fmt(percentile(rates, 50))} tokens/s |`,
    );
  });
}

let held = '';
await withPlatform('ai-held', { AI_BUILTIN_PIECE_MS: '100' }, async (platform) => {
  const student = await prepare(platform);
  const list = () =>
    student.call(ai['oj.aiSession.queryList'], { query: { page: 0, size: 20 }, body: {} });
  await timed(20, list);
  const baseline = await timed(50, list);
  const rssBefore = rssMiB(platform.server.child.pid!);

  const sessions = await Promise.all(
    Array.from({ length: 100 }, () =>
      student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } }),
    ),
  );
  const open: Promise<string>[] = [];
  for (const s of sessions) {
    const { reply } = await student.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: s.id, content: '你好，你能做什么？' },
    });
    open.push(
      student
        .stream(chatStream, { params: { sessionId: s.id }, query: { messageId: reply.id } })
        .then((r) => r.text()),
    );
  }
  // All 100 are streaming now (each answer takes several seconds at this pace).
  const during = await timed(50, list);
  const rssDuring = rssMiB(platform.server.child.pid!);
  const texts = await Promise.all(open);
  const finished = texts.filter((t) => t.includes('"status":"done"')).length;
  held =
    `| plain paged list, no stream open | ${fmt(percentile(baseline, 50))} ms | ` +
    `${fmt(percentile(baseline, 95))} ms | ${fmt(rssBefore)} MiB |\n` +
    `| same list, 100 answers streaming | ${fmt(percentile(during, 50))} ms | ` +
    `${fmt(percentile(during, 95))} ms | ${fmt(rssDuring)} MiB |\n\n` +
    `${finished} of 100 streams ended with done; p50 ratio during/baseline ` +
    `${(percentile(during, 50) / percentile(baseline, 50)).toFixed(2)}×.`;
});

console.log('\n### The built-in tutor through the whole stack (20 answers each)\n');
console.log(
  '| tutor pace (AI_BUILTIN_PIECE_MS) | first token p50 | first token p95 | tokens per answer | tokens/s p50 |',
);
console.log('|---|---|---|---|---|');
for (const l of lines) console.log(l);
console.log('\n### 100 answers held open (tutor at 100 ms per piece)\n');
console.log('| measure | list p50 | list p95 | server RSS |');
console.log('|---|---|---|---|');
console.log(held);
