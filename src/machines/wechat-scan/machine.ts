/**
 * Scan to sign in with WeChat (issue 27 item 7; docs/decisions/admin-and-identity.md "WeChat
 * sign-in"): the login dialog's WeChat tab shows a sign-in scene's QR code, asks every two
 * seconds how the scene stands, and signs in once a phone has confirmed it.
 *
 *   idle ─START─► opening ─► waiting ─after 2 s─► checking ─pending─► waiting
 *                    │                               ├─confirmed─► signingIn ─► idle (+ loggedIn)
 *                    └─error─► failed                ├─unbound─► unbound
 *                                                    └─expired/taken─► expired
 *   failed | unbound | expired ─REFRESH─► opening;  any ─STOP─► idle
 *
 * The scene's picture and the answers are in the logged done events, so a replay takes the same
 * branches; the delay is a logged `xstate.after` timer.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';
import { toSessionUser, type SessionUser } from '../user.ts';

/** How often the page asks whether the phone has confirmed. */
export const SCENE_POLL_MS = 2_000;

export type SceneStatus = 'pending' | 'confirmed' | 'unbound' | 'taken' | 'expired';

export interface ShownScene {
  scene: string;
  /** A data: URL of the QR code. */
  image: string;
  expiresAt: string;
}

export interface WechatScanContext {
  shown: ShownScene | null;
  error: ErrorInfo | null;
}

export type WechatScanEvent = { type: 'START' } | { type: 'STOP' } | { type: 'REFRESH' };

export type WechatScanEmitted = { type: 'loggedIn'; user: SessionUser };

const cleared: WechatScanContext = { shown: null, error: null };

export const wechatScanMachine = setup({
  types: {
    context: {} as WechatScanContext,
    events: {} as WechatScanEvent,
    emitted: {} as WechatScanEmitted,
  },
  actors: {
    /** wx/mp/generateQrCode. */
    openScene: fromPromise<ShownScene>(notProvided('openScene')),
    /** wx/mp/queryScene. */
    checkScene: fromPromise<{ status: SceneStatus }, { scene: string }>(notProvided('checkScene')),
    /** loginByWxMp { scene }. */
    takeScene: fromPromise<CurrentUser, { scene: string }>(notProvided('takeScene')),
  },
}).createMachine({
  id: 'wechatScan',
  context: cleared,
  initial: 'idle',
  on: { STOP: { target: '.idle', actions: assign(cleared) } },
  states: {
    idle: { on: { START: 'opening' } },
    opening: {
      entry: assign(cleared),
      invoke: {
        id: 'openScene',
        src: 'openScene',
        onDone: { target: 'waiting', actions: assign({ shown: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    waiting: { after: { [SCENE_POLL_MS]: 'checking' } },
    checking: {
      invoke: {
        id: 'checkScene',
        src: 'checkScene',
        input: ({ context }) => ({ scene: context.shown!.scene }),
        onDone: [
          { guard: ({ event }) => event.output.status === 'confirmed', target: 'signingIn' },
          { guard: ({ event }) => event.output.status === 'unbound', target: 'unbound' },
          { guard: ({ event }) => event.output.status === 'pending', target: 'waiting' },
          { target: 'expired' },
        ],
        // A missed answer (the network) is asked again at the next tick.
        onError: 'waiting',
      },
    },
    signingIn: {
      invoke: {
        id: 'takeScene',
        src: 'takeScene',
        input: ({ context }) => ({ scene: context.shown!.scene }),
        onDone: {
          target: 'idle',
          actions: [
            assign(cleared),
            emit(({ event }) => ({ type: 'loggedIn' as const, user: toSessionUser(event.output) })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    unbound: { on: { REFRESH: 'opening' } },
    expired: { on: { REFRESH: 'opening' } },
    failed: { on: { REFRESH: 'opening' } },
  },
});
