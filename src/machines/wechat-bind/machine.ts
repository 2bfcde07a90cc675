/**
 * Binding a WeChat to one's account (issue 27 item 7): back from WeChat's authorization page
 * with a code, the account page exchanges it for a ticket and binds it, in one invoked step, so
 * the ticket (a credential) never enters the context or the event log.
 *
 *   idle | done | failed ─BIND(code)─► binding ─► done (+ bound) | failed
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

export interface WechatBindContext {
  error: ErrorInfo | null;
}

export type WechatBindEvent = { type: 'BIND'; code: string };

export type WechatBindEmitted = { type: 'bound' };

export const wechatBindMachine = setup({
  types: {
    context: {} as WechatBindContext,
    events: {} as WechatBindEvent,
    emitted: {} as WechatBindEmitted,
  },
  actors: {
    /** wx/gzh/code2Session, then member/bindWxGzh with its ticket. */
    bind: fromPromise<unknown, { code: string }>(notProvided('bind')),
  },
}).createMachine({
  id: 'wechatBind',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { BIND: 'binding' } },
    binding: {
      entry: assign({ error: null }),
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ event }) => {
          assertEvent(event, 'BIND');
          return { code: event.code };
        },
        onDone: { target: 'done', actions: emit({ type: 'bound' as const }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    done: { on: { BIND: 'binding' } },
    failed: { on: { BIND: 'binding' } },
  },
});
