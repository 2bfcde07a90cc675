import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
  type AnyEventObject,
} from 'xstate';
import type { AiDone } from '../../streams/ai-stream.ts';
import { doneEvent, errorEvent, flushPromises } from '../test-support.ts';
import {
  aiChatMachine,
  isSendable,
  type AiChatInput,
  type AiChatMessage,
  type FollowRequest,
  type SendOutcome,
  type SendRequest,
} from './machine.ts';

const message = (
  id: number,
  role: AiChatMessage['role'],
  content: string,
  status: AiChatMessage['status'] = 'done',
): AiChatMessage => ({
  id,
  sessionId: 5,
  role,
  content,
  status,
  cost: 0,
  provider: role === 'assistant' ? 'builtin' : null,
  model: null,
  error: null,
  answerId: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  finishedAt: null,
});

const sent: SendOutcome = {
  kind: 'sent',
  sessionId: 5,
  question: message(11, 'user', '为什么错了？'),
  reply: message(12, 'assistant', '', 'streaming'),
};

const done = (status: AiDone['status'], extra: Partial<AiDone> = {}): AiDone => ({
  messageId: 12,
  status,
  cost: 7,
  balance: 93,
  ...extra,
});

const input: AiChatInput = { scene: 'question', context: { questionId: 1, answerId: 3 } };

/** Pure transitions: the machine's own decisions, as replay folds them. */
function start(i: AiChatInput = input) {
  return initialTransition(aiChatMachine, i)[0];
}

function toStreaming() {
  let s = start();
  [s] = transition(aiChatMachine, s, { type: 'SEND', content: '为什么错了？' });
  [s] = transition(aiChatMachine, s, doneEvent('sendMessage', sent));
  return s;
}

const reply = (s: ReturnType<typeof start>) => s.context.messages.find((m) => m.id === 12);

describe('isSendable', () => {
  it('takes 1 to 4 000 characters once trimmed', () => {
    expect(isSendable('x')).toBe(true);
    expect(isSendable('   ')).toBe(false);
    expect(isSendable('a'.repeat(4_000))).toBe(true);
    expect(isSendable(` ${'a'.repeat(4_000)} `)).toBe(true);
    expect(isSendable('a'.repeat(4_001))).toBe(false);
    expect(isSendable(42)).toBe(false);
  });
});

describe('aiChatMachine transitions', () => {
  it('starts idle, or disabled with a reason known before asking', () => {
    expect(start().value).toBe('idle');
    const disabled = start({ ...input, disabledReason: '班级已关闭 AI 助手' });
    expect(disabled.value).toBe('disabled');
    expect(disabled.context.disabledReason).toBe('班级已关闭 AI 助手');
    const [after] = transition(aiChatMachine, disabled, { type: 'SEND', content: '你好' });
    expect(after.value).toBe('disabled');
  });

  it('ignores an empty or oversized message', () => {
    const s = start();
    expect(transition(aiChatMachine, s, { type: 'SEND', content: '  ' })[0].value).toBe('idle');
    expect(
      transition(aiChatMachine, s, { type: 'SEND', content: 'a'.repeat(4_001) })[0].value,
    ).toBe('idle');
  });

  it('sends, then streams the reply and appends deltas in order', () => {
    const [sending, actions] = transition(aiChatMachine, start(), {
      type: 'SEND',
      content: '为什么错了？',
    });
    let s = sending;
    expect(s.value).toBe('sending');
    expect(s.context.draft).toBe('为什么错了？');
    const invoked = actions.find((a) => a.type === 'xstate.spawnChild') as unknown as
      { params: { input: SendRequest } } | undefined;
    expect(invoked?.params.input).toEqual({
      sessionId: null,
      scene: 'question',
      context: { questionId: 1, answerId: 3 },
      content: '为什么错了？',
      nonce: null,
    });
    [s] = transition(aiChatMachine, s, doneEvent('sendMessage', sent));
    expect(s.value).toEqual({ streaming: 'receiving' });
    expect(s.context.sessionId).toBe(5);
    expect(s.context.messages.map((m) => m.id)).toEqual([11, 12]);
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: '第 2 个测试点' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 2, text: '输出不同' });
    expect(reply(s)?.content).toBe('第 2 个测试点输出不同');
    expect(s.context.lastSeq).toBe(2);
  });

  it('never appends a delta twice or out of order', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 3, text: 'C' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 2, text: 'B' });
    expect(reply(s)?.content).toBe('AB');
  });

  it('resumes inside streaming: shows the reconnection, keeps the text', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.RESUMING', after: 1, attempt: 1 });
    expect(s.value).toEqual({ streaming: 'receiving' });
    expect(s.context.reconnecting).toBe(1);
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 2, text: 'B' });
    expect(s.context.reconnecting).toBe(0);
    expect(reply(s)?.content).toBe('AB');
  });

  it('ends done with the cost and the new balance', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DONE', done: done('done') });
    expect(s.value).toBe('done');
    expect(s.context.balance).toBe(93);
    expect(reply(s)).toMatchObject({ status: 'done', cost: 7, content: 'A' });
    // Another question starts another turn in the same session.
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '再解释一下' });
    expect(s.value).toBe('sending');
  });

  it('starts a new conversation between turns: the next question opens a new session', () => {
    let s = toStreaming();
    // Not while a reply is being written.
    expect(s.can({ type: 'NEW_CONVERSATION' })).toBe(false);
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DONE', done: done('done') });
    [s] = transition(aiChatMachine, s, { type: 'NEW_CONVERSATION' });
    expect(s.value).toBe('idle');
    expect(s.context).toMatchObject({ sessionId: null, messages: [], replyId: null, lastSeq: 0 });
    // The balance the last reply reported stays shown.
    expect(s.context.balance).toBe(93);
    // sendMessage's input is the context's session: none, so the server opens a new one.
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '另一个问题' });
    expect(s.value).toBe('sending');
    expect(s.context.sessionId).toBeNull();
  });

  it('ignores a done of another reply', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.DONE', done: done('done', { messageId: 99 }) });
    expect(s.value).toEqual({ streaming: 'receiving' });
  });

  it('stops: asks the server, then ends stopped when the stream says so', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'STOP' });
    expect(s.value).toEqual({ streaming: 'stopping' });
    [s] = transition(aiChatMachine, s, doneEvent('stopReply', undefined));
    expect(s.value).toEqual({ streaming: 'stopRequested' });
    // Deltas produced before the stop still arrive.
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.DONE', done: done('stopped', { cost: 1 }) });
    expect(s.value).toBe('stopped');
    expect(reply(s)).toMatchObject({ status: 'stopped', cost: 1, content: 'A' });
  });

  it('a stop that fails keeps receiving and says why', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'STOP' });
    [s] = transition(aiChatMachine, s, errorEvent('stopReply', new Error('Network Error')));
    expect(s.value).toEqual({ streaming: 'receiving' });
    expect(s.context.error).toBe('Network Error');
  });

  it('a reply that fails on the server ends failed with its reason', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, {
      type: 'AI.DONE',
      done: done('failed', { cost: 0, message: '模型超时，未扣额度' }),
    });
    expect(s.value).toBe('failed');
    expect(s.context.error).toBe('模型超时，未扣额度');
    expect(reply(s)?.error).toBe('模型超时，未扣额度');
  });

  it('a lost connection can be resumed from the last seq', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.DELTA', seq: 1, text: 'A' });
    [s] = transition(aiChatMachine, s, { type: 'AI.LOST', message: 'Network Error' });
    expect(s.value).toBe('lost');
    const [resumed, actions] = transition(aiChatMachine, s, { type: 'RESUME' });
    expect(resumed.value).toEqual({ streaming: 'receiving' });
    const follow = actions.find((a) => a.type === 'xstate.spawnChild') as unknown as {
      params: { input: FollowRequest };
    };
    expect(follow.params.input).toEqual({ sessionId: 5, messageId: 12, after: 1 });
  });

  it('out of tokens: the times-used-up path, then a retry after buying', () => {
    let s = start();
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', {
        kind: 'outOfTokens',
        message: 'AI 额度次数已用完',
        sessionId: null,
      }),
    );
    expect(s.value).toBe('outOfTokens');
    expect(s.context.balance).toBe(0);
    expect(s.context.draft).toBe('你好');
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    expect(s.value).toBe('sending');
  });

  it('forbidden: disabled with the server’s reason', () => {
    let s = start();
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', {
        kind: 'forbidden',
        message: '考试进行中，不能使用 AI 助手',
        sessionId: null,
      }),
    );
    expect(s.value).toBe('disabled');
    expect(s.context.disabledReason).toBe('考试进行中，不能使用 AI 助手');
  });

  it('another refusal or a network failure goes back to idle with the message', () => {
    let s = start();
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    const [refused] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', { kind: 'error', message: '会话不存在', sessionId: null }),
    );
    expect(refused.value).toBe('idle');
    expect(refused.context.error).toBe('会话不存在');
    const [failed] = transition(aiChatMachine, s, errorEvent('sendMessage', new Error('timeout')));
    expect(failed.value).toBe('idle');
    expect(failed.context.error).toBe('timeout');
  });

  it('a newer answer on the page becomes the next message’s context', () => {
    let s = start();
    [s] = transition(aiChatMachine, s, {
      type: 'CONTEXT',
      context: { questionId: 1, answerId: 4 },
    });
    expect(s.context.context).toEqual({ questionId: 1, answerId: 4 });
  });

  it('keeps the session a refused first question created: the resend goes there', () => {
    for (const outcome of [
      { kind: 'outOfTokens', message: 'AI 额度次数已用完', sessionId: 5 },
      { kind: 'error', message: 'Network Error', sessionId: 5 },
    ] satisfies SendOutcome[]) {
      let s = start();
      [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
      [s] = transition(aiChatMachine, s, doneEvent('sendMessage', outcome));
      expect(s.context.sessionId).toBe(5);
      const [again, actions] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
      expect(again.value).toBe('sending');
      const invoked = actions.find((a) => a.type === 'xstate.spawnChild') as unknown as {
        params: { input: SendRequest };
      };
      expect(invoked.params.input.sessionId).toBe(5);
    }
    // Refused before any session existed: still none.
    let s = start();
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', { kind: 'error', message: 'Network Error', sessionId: null }),
    );
    expect(s.context.sessionId).toBeNull();
  });

  it('sends the same text again with the same question nonce, a new text with a new one', () => {
    const keyOf = (actions: { type: string }[]) =>
      (
        actions.find((a) => a.type === 'xstate.spawnChild') as unknown as {
          params: { input: SendRequest };
        }
      ).params.input.nonce;
    let s = start();
    let actions;
    [s, actions] = transition(aiChatMachine, s, {
      type: 'SEND',
      content: '你好',
      nonce: 'key-one-1',
    });
    expect(keyOf(actions)).toBe('key-one-1');
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', { kind: 'error', message: 'timeout', sessionId: 5 }),
    );
    [s, actions] = transition(aiChatMachine, s, {
      type: 'SEND',
      content: '你好',
      nonce: 'key-two-2',
    });
    expect(keyOf(actions)).toBe('key-one-1');
    [s] = transition(aiChatMachine, s, doneEvent('sendMessage', sent));
    expect(s.context.draftNonce).toBeNull();
    [s] = transition(aiChatMachine, s, { type: 'AI.DONE', done: done('done') });
    [, actions] = transition(aiChatMachine, s, {
      type: 'SEND',
      content: '你好',
      nonce: 'key-three',
    });
    expect(keyOf(actions)).toBe('key-three');
  });

  it('a disabled panel asks again when it is opened again', () => {
    let s = start();
    [s] = transition(aiChatMachine, s, { type: 'SEND', content: '你好' });
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('sendMessage', { kind: 'forbidden', message: '考试作答期间', sessionId: 5 }),
    );
    expect(s.value).toBe('disabled');
    [s] = transition(aiChatMachine, s, { type: 'OPENED' });
    expect(s.value).toBe('loading');
    expect(s.context.disabledReason).toBeNull();
    // Opening a panel that is not disabled changes nothing.
    const idle = start();
    expect(transition(aiChatMachine, idle, { type: 'OPENED' })[0]).toMatchObject({
      value: 'idle',
    });
  });

  it('clears the reconnection notice when a reconnection is accepted, before any delta', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.RESUMING', after: 0, attempt: 2 });
    expect(s.context.reconnecting).toBe(2);
    [s] = transition(aiChatMachine, s, { type: 'AI.CONNECTED' });
    expect(s.context.reconnecting).toBe(0);
    expect(s.value).toEqual({ streaming: 'receiving' });
  });

  it('a refused stream shows the server’s reason, offers no resume, lets a new question go', () => {
    let s = toStreaming();
    [s] = transition(aiChatMachine, s, { type: 'AI.RESUMING', after: 0, attempt: 1 });
    [s] = transition(aiChatMachine, s, { type: 'AI.REFUSED', message: '会话 5 中没有回答 12' });
    expect(s.value).toBe('refused');
    expect(s.context).toMatchObject({ error: '会话 5 中没有回答 12', reconnecting: 0 });
    expect(transition(aiChatMachine, s, { type: 'RESUME' })[0].value).toBe('refused');
    expect(transition(aiChatMachine, s, { type: 'SEND', content: '再问' })[0].value).toBe(
      'sending',
    );
  });

  it('continues a session: loads its messages', () => {
    let s = start({ scene: 'general', sessionId: 5 });
    expect(s.value).toBe('loading');
    [s] = transition(
      aiChatMachine,
      s,
      doneEvent('loadMessages', [message(1, 'user', '问'), message(2, 'assistant', '答')]),
    );
    expect(s.value).toBe('idle');
    expect(s.context.messages).toHaveLength(2);
  });

  it('continues a session whose last reply is still being written: follows it from the start', () => {
    const [s, actions] = transition(
      aiChatMachine,
      start({ scene: 'general', sessionId: 5 }),
      doneEvent('loadMessages', [
        message(11, 'user', '问'),
        message(12, 'assistant', '半截', 'streaming'),
      ]),
    );
    expect(s.value).toEqual({ streaming: 'receiving' });
    expect(reply(s)?.content).toBe('');
    const follow = actions.find((a) => a.type === 'xstate.spawnChild') as unknown as {
      params: { input: FollowRequest };
    };
    expect(follow.params.input).toEqual({ sessionId: 5, messageId: 12, after: 0 });
  });

  it('a failed load can be retried', () => {
    let s = start({ scene: 'general', sessionId: 5 });
    [s] = transition(aiChatMachine, s, errorEvent('loadMessages', new Error('Network Error')));
    expect(s.value).toBe('loadFailed');
    [s] = transition(aiChatMachine, s, { type: 'RETRY' });
    expect(s.value).toBe('loading');
  });
});

describe('aiChatMachine with provided actors', () => {
  it('runs a whole turn: send, stream, done', async () => {
    const follows: FollowRequest[] = [];
    const actor = createActor(
      aiChatMachine.provide({
        actors: {
          loadMessages: fromPromise<AiChatMessage[], { sessionId: number }>(async () => []),
          sendMessage: fromPromise<SendOutcome, SendRequest>(async () => sent),
          stopReply: fromPromise<void, { messageId: number }>(async () => {}),
          followReply: fromCallback<AnyEventObject, FollowRequest>(({ input, sendBack }) => {
            follows.push(input);
            sendBack({ type: 'AI.DELTA', seq: 1, text: '你的输出' });
            sendBack({ type: 'AI.DELTA', seq: 2, text: '少了换行' });
            sendBack({ type: 'AI.DONE', done: done('done') });
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'SEND', content: '为什么错了？' });
    await flushPromises();
    const s = actor.getSnapshot();
    expect(s.value).toBe('done');
    expect(reply(s)?.content).toBe('你的输出少了换行');
    expect(follows).toEqual([{ sessionId: 5, messageId: 12, after: 0 }]);
    actor.stop();
  });
});
