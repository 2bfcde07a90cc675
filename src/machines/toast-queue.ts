/**
 * Toast queue — docs/product-rules.md#toasts: at most 5 visible at once, bottom-right, extra ones
 * queued; shown, updated, hidden or cleared; a toast whose id repeats is not added twice. The
 * "times used up" notification is docs/product-rules.md#errors.
 *
 * The UI renders Blueprint `<Toast>`s from `context.visible`, not the imperative OverlayToaster
 * (docs/decisions/client-and-screens.md, "Monaco, Blueprint toasts and event streams"), and sends
 * HIDE when the user closes one. Ids come in with the events.
 *
 * Auto-dismiss: when a toast becomes visible the machine schedules a delayed self-event
 * `TOAST.EXPIRE {id}` (cancelled when the toast goes earlier, restarted on UPDATE). A delayed
 * event reaches the root actor through the system scheduler, so the event log records it like
 * any other event and replay applies it at the same point — no timers during replay.
 *
 * Closing the quota toast emits `openVipCardList`; the UI opens the membership card list
 * (/vipCardList) in a new tab.
 */
import { setup } from 'xstate';
import { QUOTA_TOAST_ID, TOAST_DEFAULT_TIMEOUT_MS, TOAST_LIMIT } from './constants.ts';

export type ToastIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';
/** `quotaUsedUp`: the UI adds the line "可以购买会员卡继续使用" (i18n) under the message. */
export type ToastKind = 'plain' | 'quotaUsedUp';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Heading text, already translated by the sender (e.g. 提示 for failed calls). */
  title: string | null;
  intent: ToastIntent;
  /** Auto-dismiss delay; 0 means persistent. */
  timeoutMs: number;
}

export interface ToastInput {
  id: string;
  message: string;
  title?: string | null;
  intent?: ToastIntent;
  timeoutMs?: number;
  /** Stays until closed; wins over timeoutMs. */
  persistent?: boolean;
}

export type ToastPatch = Partial<Omit<ToastInput, 'id'>>;

export interface ToastQueueContext {
  visible: Toast[];
  /** Waiting for a free slot, first in first out. */
  queued: Toast[];
}

export type ToastQueueEvent =
  | { type: 'SHOW'; toast: ToastInput }
  /**
   * The "times used up" notification (docs/product-rules.md#errors): persistent, red, one at a
   * time.
   */
  | { type: 'SHOW_QUOTA_USED_UP'; message: string; title?: string | null }
  | { type: 'UPDATE'; id: string; patch: ToastPatch }
  /** The toast was closed (its close button, or code that retracts it). */
  | { type: 'HIDE'; id: string }
  | { type: 'CLEAR' }
  /** Sent by the machine to itself when a toast's timeout runs out. */
  | { type: 'TOAST.EXPIRE'; id: string };

export type ToastQueueEmitted = { type: 'openVipCardList' };

function timeoutOf(input: { timeoutMs?: number; persistent?: boolean }, fallback: number): number {
  if (input.persistent) return 0;
  const timeoutMs = input.timeoutMs ?? fallback;
  return Number.isFinite(timeoutMs) && timeoutMs > 0 ? Math.round(timeoutMs) : 0;
}

export function toToast(input: ToastInput, kind: ToastKind = 'plain'): Toast {
  return {
    id: input.id,
    kind,
    message: input.message,
    title: input.title ?? null,
    intent: input.intent ?? 'none',
    timeoutMs: timeoutOf(input, TOAST_DEFAULT_TIMEOUT_MS),
  };
}

/** The "times used up" toast: persistent, red, fixed id (docs/product-rules.md#errors). */
export function quotaToast(message: string, title: string | null = null): Toast {
  return toToast(
    { id: QUOTA_TOAST_ID, message, title, intent: 'danger', persistent: true },
    'quotaUsedUp',
  );
}

function applyPatch(toast: Toast, patch: ToastPatch): Toast {
  const timeoutChanged = patch.timeoutMs !== undefined || patch.persistent !== undefined;
  return {
    ...toast,
    message: patch.message ?? toast.message,
    title: patch.title !== undefined ? patch.title : toast.title,
    intent: patch.intent ?? toast.intent,
    // Un-persisting a toast without a timeout gives it the default one.
    timeoutMs: timeoutChanged
      ? timeoutOf(patch, toast.timeoutMs > 0 ? toast.timeoutMs : TOAST_DEFAULT_TIMEOUT_MS)
      : toast.timeoutMs,
  };
}

const hasToast = (context: ToastQueueContext, id: string): boolean =>
  context.visible.some((t) => t.id === id) || context.queued.some((t) => t.id === id);

/** Scheduler id of a toast's expiry, so it can be cancelled. */
export const expiryTimerId = (toastId: string): string => `toast-expire:${toastId}`;

/**
 * One step of the queue, computed purely: the new lists plus the timers to start and stop.
 * Each event handler below is a reducer returning this (or null for "nothing to do").
 */
interface QueueChange {
  visible: Toast[];
  queued: Toast[];
  /** Toasts that just became visible or changed: (re)start their expiry if they have one. */
  started: Toast[];
  /** Toast ids whose expiry timer must stop. */
  stopped: string[];
  /** The toast the user closed, if any. */
  closed: Toast | null;
}

function admit(context: ToastQueueContext, toast: Toast): QueueChange | null {
  if (hasToast(context, toast.id)) return null;
  const fits = context.visible.length < TOAST_LIMIT;
  return {
    visible: fits ? [...context.visible, toast] : context.visible,
    queued: fits ? context.queued : [...context.queued, toast],
    started: fits ? [toast] : [],
    stopped: [],
    closed: null,
  };
}

/** Takes a visible toast away and promotes the oldest queued one into the free slot. */
function release(context: ToastQueueContext, id: string): QueueChange | null {
  const leaving = context.visible.find((t) => t.id === id);
  if (!leaving) return null;
  const [next, ...queued] = context.queued;
  const visible = context.visible.filter((t) => t.id !== id);
  return {
    visible: next ? [...visible, next] : visible,
    queued,
    started: next ? [next] : [],
    stopped: [id],
    closed: null,
  };
}

function hide(context: ToastQueueContext, id: string): QueueChange | null {
  const released = release(context, id);
  if (released) return { ...released, closed: context.visible.find((t) => t.id === id) ?? null };
  if (!context.queued.some((t) => t.id === id)) return null;
  const queued = context.queued.filter((t) => t.id !== id);
  return { visible: context.visible, queued, started: [], stopped: [], closed: null };
}

function update(context: ToastQueueContext, id: string, patch: ToastPatch): QueueChange | null {
  const visible = context.visible.find((t) => t.id === id);
  if (visible) {
    const updated = applyPatch(visible, patch);
    return {
      visible: context.visible.map((t) => (t.id === id ? updated : t)),
      queued: context.queued,
      // Changed text deserves a fresh reading time, as Blueprint's Toast gives it.
      started: [updated],
      stopped: [id],
      closed: null,
    };
  }
  if (!context.queued.some((t) => t.id === id)) return null;
  return {
    visible: context.visible,
    queued: context.queued.map((t) => (t.id === id ? applyPatch(t, patch) : t)),
    started: [],
    stopped: [],
    closed: null,
  };
}

function clear(context: ToastQueueContext): QueueChange {
  return {
    visible: [],
    queued: [],
    started: [],
    stopped: context.visible.map((t) => t.id),
    closed: null,
  };
}

const toastSetup = setup({
  types: {
    context: {} as ToastQueueContext,
    events: {} as ToastQueueEvent,
    emitted: {} as ToastQueueEmitted,
  },
});

/** Turns a reducer into the action that commits its change: lists, timers, effects. */
const commit = (
  reduce: (context: ToastQueueContext, event: ToastQueueEvent) => QueueChange | null,
) =>
  toastSetup.enqueueActions(({ context, event, enqueue }) => {
    const change = reduce(context, event);
    if (!change) return;
    enqueue.assign({ visible: change.visible, queued: change.queued });
    for (const id of change.stopped) enqueue.cancel(expiryTimerId(id));
    for (const toast of change.started) {
      if (toast.timeoutMs <= 0) continue;
      enqueue.raise(
        { type: 'TOAST.EXPIRE', id: toast.id },
        { id: expiryTimerId(toast.id), delay: toast.timeoutMs },
      );
    }
    if (change.closed?.kind === 'quotaUsedUp') enqueue.emit({ type: 'openVipCardList' });
  });

export const toastQueueMachine = toastSetup.createMachine({
  id: 'toastQueue',
  context: { visible: [], queued: [] },
  initial: 'active',
  states: {
    active: {
      on: {
        SHOW: {
          actions: commit((context, event) =>
            event.type === 'SHOW' ? admit(context, toToast(event.toast)) : null,
          ),
        },
        SHOW_QUOTA_USED_UP: {
          actions: commit((context, event) =>
            event.type === 'SHOW_QUOTA_USED_UP'
              ? admit(context, quotaToast(event.message, event.title ?? null))
              : null,
          ),
        },
        UPDATE: {
          actions: commit((context, event) =>
            event.type === 'UPDATE' ? update(context, event.id, event.patch) : null,
          ),
        },
        HIDE: {
          actions: commit((context, event) =>
            event.type === 'HIDE' ? hide(context, event.id) : null,
          ),
        },
        // Expiry only ever affects a visible toast; a late timer for a gone toast is a no-op.
        'TOAST.EXPIRE': {
          actions: commit((context, event) =>
            event.type === 'TOAST.EXPIRE' ? release(context, event.id) : null,
          ),
        },
        CLEAR: { actions: commit((context) => clear(context)) },
      },
    },
  },
});
