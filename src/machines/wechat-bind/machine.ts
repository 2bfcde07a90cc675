/**
 * The WeChat on one's account (issue 27 item 7): leaving for WeChat's authorization page, and,
 * back from it with a code, exchanging it for a ticket and binding it in one invoked step, so the
 * ticket (a credential) never enters the context or the event log; or taking the WeChat off.
 *
 *   idle | done | failed ─START(returnTo)─► leaving ─► left (leave for WeChat) | failed
 *                        ─BIND(code)──────► binding ─► done (+ changed) | failed
 *                        ─UNBIND──────────► unbinding ─► done (+ changed) | failed
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

/** The state WeChat's authorization page brings back, naming a binding. */
export const WECHAT_BIND_STATE = 'bind';

export interface WechatBindContext {
  error: ErrorInfo | null;
}

export type WechatBindEvent =
  { type: 'START'; returnTo: string } | { type: 'BIND'; code: string } | { type: 'UNBIND' };

export type WechatBindEmitted = { type: 'changed' };

const changed = { target: 'done' as const, actions: 'changed' as const };
const choices = {
  START: 'leaving',
  BIND: 'binding',
  UNBIND: 'unbinding',
} as const;

export const wechatBindMachine = setup({
  types: {
    context: {} as WechatBindContext,
    events: {} as WechatBindEvent,
    emitted: {} as WechatBindEmitted,
  },
  actors: {
    /** wx/gzh/authorizeUrl: WeChat's page, coming back to `returnTo` with a code. */
    authorizeUrl: fromPromise<{ url: string }, { returnTo: string }>(notProvided('authorizeUrl')),
    /** wx/gzh/code2Session, then member/bindWxGzh with its ticket. */
    bind: fromPromise<unknown, { code: string }>(notProvided('bind')),
    /** member/unbindWx. */
    unbind: fromPromise<unknown, void>(notProvided('unbind')),
  },
  actions: {
    /** Sends the tab to WeChat's page (not on replay). */
    leave: (_, _params: { url: string }) => undefined,
    changed: emit({ type: 'changed' as const }),
  },
}).createMachine({
  id: 'wechatBind',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: choices },
    leaving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'authorizeUrl',
        src: 'authorizeUrl',
        input: ({ event }) => {
          assertEvent(event, 'START');
          return { returnTo: event.returnTo };
        },
        onDone: {
          target: 'left',
          actions: { type: 'leave', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    // The page is unloading; a tab kept open (the navigation refused) may start again.
    left: { on: { START: 'leaving' } },
    binding: {
      entry: assign({ error: null }),
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ event }) => {
          assertEvent(event, 'BIND');
          return { code: event.code };
        },
        onDone: changed,
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    unbinding: {
      entry: assign({ error: null }),
      invoke: {
        id: 'unbind',
        src: 'unbind',
        onDone: changed,
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    done: { on: choices },
    failed: { on: choices },
  },
});
