// @vitest-environment jsdom
// jsdom: the reply follower reads the stream through fetch-event-source (streams/ai-stream.ts).
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
      sessionId: null,
    });
    expect(outcomeOfError(new ApiError('考试中', ErrorCode.FORBIDDEN, 'api', 403), 5)).toEqual({
      kind: 'forbidden',
      message: '考试中',
      sessionId: 5,
    });
    expect(outcomeOfError(new ApiError('会话不存在', ErrorCode.NOT_FOUND, 'api', 404))).toEqual({
      kind: 'error',
      message: '会话不存在',
      sessionId: null,
    });
    // A 403 the transport made up (no envelope) is not a server's reason to disable the panel.
    expect(outcomeOfError(new ApiError('Network Error', 0, 'transport', undefined), 5)).toEqual({
      kind: 'error',
      message: 'Network Error',
      sessionId: 5,
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
function fakeTransport(
  streams: (() => Promise<Response>)[],
  overrides: Record<string, (options: unknown) => unknown> = {},
) {
  const calls: { id: string; options: unknown }[] = [];
  const afters: number[] = [];
  let replyId = 10;
  const transport = {
    call: async (def: { id: string }, options: unknown) => {
      calls.push({ id: def.id, options });
      const override = overrides[def.id];
      if (override) return override(options);
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

  it('a refused stream is refused at once with the server’s reason, not retried or resumable', async () => {
    const { transport, afters } = fakeTransport([
      async () => {
        throw new ApiError('会话 5 中没有回答 12', ErrorCode.NOT_FOUND, 'api', 404);
      },
    ]);
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: '为什么？' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(afters).toEqual([0]);
    expect(actor.getSnapshot().context.error).toBe('会话 5 中没有回答 12');
    actor.stop();
  });

  it('a rate-limited stream (429) is retried, not refused', async () => {
    let n = 0;
    const { transport, afters } = fakeTransport([
      async () => {
        if (n++ === 0) throw new ApiError('请求过于频繁', ErrorCode.RATE_LIMITED, 'api', 429);
        return eventStream(delta(1, 'A') + done);
      },
    ]);
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: '为什么？' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(afters).toEqual([0, 0]);
    actor.stop();
  });

  it('resends a refused first question to the session it created, never a second one', async () => {
    let refuse = true;
    const { transport, calls } = fakeTransport([async () => eventStream(delta(1, 'A') + done)], {
      'oj.aiSession.message.create': () => {
        if (refuse) {
          refuse = false;
          throw new ApiError('AI 额度次数已用完', ErrorCode.QUOTA_USED_UP, 'api', 429);
        }
        return {
          question: message(11, 'user', 'done'),
          reply: message(12, 'assistant', 'streaming'),
        };
      },
    });
    const actor = chat(transport);
    actor.send({ type: 'SEND', content: '第一问' });
    await waitFor(actor, (s) => s.matches('outOfTokens'));
    actor.send({ type: 'SEND', content: '第一问' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((c) => c.id)).toEqual([
      'oj.aiSession.create',
      'oj.aiSession.message.create',
      'oj.aiSession.message.create',
    ]);
    expect(calls[2]!.options).toMatchObject({ body: { sessionId: 5 } });
    actor.stop();
  });

  it('opens a long session at its end: the latest page, oldest first, following its live reply', async () => {
    const { transport, calls } = fakeTransport([async () => eventStream(delta(1, '续') + done)], {
      // The server's newest first (id,desc): reply 12 is still being written.
      'oj.aiSession.message.queryList': () => ({
        content: [
          message(12, 'assistant', 'streaming'),
          message(11, 'user', 'done'),
          message(10, 'assistant', 'done'),
        ],
        totalElements: 412,
        totalPages: 3,
        number: 0,
        size: 200,
      }),
    });
    const actor = createActor(
      aiChatMachine.provide(createAiChatImplementations({ transport, onCharged: () => undefined })),
      { input: { scene: 'general', sessionId: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]!.options).toMatchObject({ query: { page: 0, sort: 'id,desc' } });
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([10, 11, 12]);
    expect(replyOf(actor).content).toBe('续');
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
