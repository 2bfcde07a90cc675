// @vitest-environment jsdom
// jsdom: the reply follower reads the stream through fetch-event-source (streams/aiStream.ts).
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AiMessage } from '../../contract/ai/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Transport } from '../../transport/client.ts';
import { ApiError } from '../../transport/errors.ts';
import { createAiChatImplementations, outcomeOfError } from './implementations.ts';
import { aiChatMachine } from './machine.ts';

describe('outcomeOfError', () => {
  it('reads message/create refusals as the machine’s outcomes', () => {
    expect(
      outcomeOfError(new ApiError('AI 额度次数已用完', ErrorCode.QUOTA_USED_UP, 'api', 429)),
    ).toEqual({
      kind: 'outOfTokens',
      message: 'AI 额度次数已用完',
    });
    expect(outcomeOfError(new ApiError('考试中', ErrorCode.FORBIDDEN, 'api', 403))).toEqual({
      kind: 'forbidden',
      message: '考试中',
    });
    expect(outcomeOfError(new ApiError('会话不存在', ErrorCode.NOT_FOUND, 'api', 404))).toEqual({
      kind: 'error',
      message: '会话不存在',
    });
    // A 403 the transport made up (no envelope) is not a server's reason to disable the panel.
    expect(outcomeOfError(new ApiError('Network Error', 0, 'transport', undefined))).toEqual({
      kind: 'error',
      message: 'Network Error',
    });
  });
});

const eventStream = (body: string) =>
  new Response(body, { headers: { 'content-type': 'text/event-stream' } });
const delta = (seq: number, text: string) =>
  `event: delta\nid: ${seq}\ndata: ${JSON.stringify({ seq, text })}\n\n`;
const done = `event: done\ndata: ${JSON.stringify({ messageId: 12, status: 'done', tokens: 3, balance: 7 })}\n\n`;

const message = (
  id: number,
  role: 'user' | 'assistant',
  status: AiMessage['status'],
): AiMessage => ({
  id,
  sessionId: 5,
  role,
  content: '',
  status,
  tokens: 0,
  provider: role === 'user' ? null : 'builtin',
  model: null,
  error: null,
  answerId: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  finishedAt: null,
});

/** A transport whose calls answer like the server and whose streams are `streams` in turn. */
function fakeTransport(streams: (() => Promise<Response>)[]) {
  const calls: { id: string; options: unknown }[] = [];
  const afters: number[] = [];
  let replyId = 10;
  const transport = {
    call: async (def: { id: string }, options: unknown) => {
      calls.push({ id: def.id, options });
      if (def.id === 'oj.aiSession.create') return { id: 5 };
      if (def.id === 'oj.aiSession.message.create') {
        replyId += 2;
        return {
          question: message(replyId - 1, 'user', 'done'),
          reply: message(replyId, 'assistant', 'streaming'),
        };
      }
      throw new Error(`unexpected call ${def.id}`);
    },
    stream: (_def: unknown, options: { query: { after: number } }) => {
      afters.push(options.query.after);
      const next = streams[Math.min(afters.length - 1, streams.length - 1)]!;
      return next();
    },
  } as unknown as Transport;
  return { transport, calls, afters };
}

function chat(transport: Transport, onCharged: () => void = () => undefined) {
  return createActor(
    aiChatMachine.provide(
      createAiChatImplementations({
        transport,
        onCharged,
        follow: { initialDelayMs: 1, maxDelayMs: 2, maxRetries: 2 },
      }),
    ),
    { input: { scene: 'question', context: { questionId: 1, answerId: 3 } } },
  ).start();
}

const replyOf = (actor: ReturnType<typeof chat>) => actor.getSnapshot().context.messages.at(-1)!;

describe('createAiChatImplementations', () => {
  it('creates the session with the first question only, and sends the answer as context', async () => {
    const doneOf = (id: number) =>
      `event: done\ndata: ${JSON.stringify({ messageId: id, status: 'done', tokens: 1, balance: 9 })}\n\n`;
    let n = 0;
    const { transport, calls } = fakeTransport([
      async () => eventStream(delta(1, 'A') + doneOf(12 + 2 * n++)),
    ]);
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: ' 第一问 ' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'SEND', content: '第二问' });
    await waitFor(actor, (s) => s.matches('done') && s.context.messages.length === 4);
    expect(calls.map((c) => c.id)).toEqual([
      'oj.aiSession.create',
      'oj.aiSession.message.create',
      'oj.aiSession.message.create',
    ]);
    expect(calls[0]!.options).toMatchObject({
      body: { scene: 'question', title: '第一问', context: { questionId: 1, answerId: 3 } },
    });
    expect(calls[1]!.options).toMatchObject({
      body: { sessionId: 5, content: '第一问', context: { answerId: 3 } },
    });
    actor.stop();
  });

  it('resumes a dropped stream after the last seq, charges once, no duplicated text', async () => {
    let charged = 0;
    const { transport, afters } = fakeTransport([
      async () => eventStream(delta(1, '第 2 个') + delta(2, '测试点')),
      async () => eventStream(delta(2, '测试点') + delta(3, '输出不同') + done),
    ]);
    const actor = chat(transport, () => (charged += 1));
    actor.send({ type: 'SEND', content: '为什么？' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(afters).toEqual([0, 2]);
    expect(replyOf(actor)).toMatchObject({ content: '第 2 个测试点输出不同', cost: 3 });
    expect(actor.getSnapshot().context.balance).toBe(7);
    expect(charged).toBe(1);
    actor.stop();
  });

  it('a refused stream is lost at once, not retried', async () => {
    const { transport, afters } = fakeTransport([
      async () => {
        throw new ApiError('Request failed with status code 404', 0, 'transport', 404);
      },
    ]);
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: '为什么？' });
    await waitFor(actor, (s) => s.matches('lost'));
    expect(afters).toEqual([0]);
    expect(actor.getSnapshot().context.error).toContain('404');
    actor.stop();
  });

  it('a stream that keeps dropping is lost when the retry budget is spent, then resumes', async () => {
    let drops = 0;
    const { transport, afters } = fakeTransport([
      async () => {
        if (drops++ < 3) throw new ApiError('Network Error', 0, 'transport', undefined);
        return eventStream(delta(1, 'A') + done);
      },
    ]);
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: '为什么？' });
    await waitFor(actor, (s) => s.matches('lost'));
    expect(afters).toEqual([0, 0, 0]);
    actor.send({ type: 'RESUME' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(replyOf(actor).content).toBe('A');
    actor.stop();
  });
});
