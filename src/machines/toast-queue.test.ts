import { describe, expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  initialTransition,
  transition,
  type SnapshotFrom,
} from 'xstate';
import { QUOTA_TOAST_ID, TOAST_DEFAULT_TIMEOUT_MS, TOAST_LIMIT } from './constants.ts';
import { emittedBy } from './test-support.ts';
import { expiryTimerId, toastQueueMachine, type ToastQueueEvent } from './toast-queue.ts';

type Snapshot = SnapshotFrom<typeof toastQueueMachine>;

function run(events: ToastQueueEvent[], from?: Snapshot) {
  let snapshot = from ?? initialTransition(toastQueueMachine)[0];
  let actions: ReturnType<typeof transition<typeof toastQueueMachine>>[1] = [];
  for (const event of events) [snapshot, actions] = transition(toastQueueMachine, snapshot, event);
  return { snapshot, actions };
}

const show = (id: string, extra: Partial<{ timeoutMs: number; persistent: boolean }> = {}) =>
  ({ type: 'SHOW', toast: { id, message: `消息 ${id}`, intent: 'primary', ...extra } }) as const;
const ids = (list: { id: string }[]) => list.map((t) => t.id);

/** The delayed TOAST.EXPIRE raises an action list schedules, as {id, delay}. */
const scheduled = (actions: { type: string; params?: unknown }[]) =>
  actions
    .filter((a) => a.type === 'xstate.raise')
    .map((a) => {
      const params = a.params as { event: { id: string }; delay?: number; id?: string };
      return { toast: params.event.id, delay: params.delay, timer: params.id };
    });
const cancelled = (actions: { type: string; params?: unknown }[]) =>
  actions
    .filter((a) => a.type === 'xstate.cancel')
    .map((a) => (a.params as { sendId: string }).sendId);

describe('toastQueueMachine (pure transitions)', () => {
  it('shows up to five toasts and queues the rest in order', () => {
    const { snapshot } = run(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => show(id)));
    expect(TOAST_LIMIT).toBe(5);
    expect(ids(snapshot.context.visible)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(snapshot.context.queued)).toEqual(['f', 'g']);
  });

  it('does not add a toast whose id is already visible or queued', () => {
    const { snapshot } = run([
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => show(id)),
      show('a'),
      show('f'),
    ]);
    expect(ids(snapshot.context.visible)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(snapshot.context.queued)).toEqual(['f']);
  });

  it('schedules an expiry for a shown toast, and none for a persistent or queued one', () => {
    expect(scheduled(run([show('a')]).actions)).toEqual([
      { toast: 'a', delay: TOAST_DEFAULT_TIMEOUT_MS, timer: expiryTimerId('a') },
    ]);
    expect(scheduled(run([show('a', { timeoutMs: 1200 })]).actions)[0]?.delay).toBe(1200);
    expect(scheduled(run([show('a', { persistent: true, timeoutMs: 1200 })]).actions)).toEqual([]);
    const full = run(['a', 'b', 'c', 'd', 'e'].map((id) => show(id))).snapshot;
    expect(scheduled(run([show('f')], full).actions)).toEqual([]);
  });

  it('promotes the oldest queued toast when one is hidden, starting its timer', () => {
    const full = run(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => show(id))).snapshot;
    const { snapshot, actions } = run([{ type: 'HIDE', id: 'b' }], full);
    expect(ids(snapshot.context.visible)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(ids(snapshot.context.queued)).toEqual(['g']);
    expect(cancelled(actions)).toEqual([expiryTimerId('b')]);
    expect(scheduled(actions).map((s) => s.toast)).toEqual(['f']);
  });

  it('expires a visible toast like a hide, and ignores a stale expiry', () => {
    const full = run(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => show(id))).snapshot;
    const { snapshot } = run([{ type: 'TOAST.EXPIRE', id: 'a' }], full);
    expect(ids(snapshot.context.visible)).toEqual(['b', 'c', 'd', 'e', 'f']);
    const stale = run([{ type: 'TOAST.EXPIRE', id: 'zz' }], snapshot).snapshot;
    expect(stale.context).toEqual(snapshot.context);
  });

  it('removes a queued toast on HIDE without touching the visible ones', () => {
    const full = run(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => show(id))).snapshot;
    const { snapshot } = run([{ type: 'HIDE', id: 'f' }], full);
    expect(ids(snapshot.context.visible)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(snapshot.context.queued)).toEqual(['g']);
  });

  it('updates a visible toast in place and restarts its timer; updates a queued one too', () => {
    const full = run(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => show(id))).snapshot;
    const { snapshot, actions } = run(
      [
        {
          type: 'UPDATE',
          id: 'c',
          patch: { message: '已保存', intent: 'success', timeoutMs: 2000 },
        },
      ],
      full,
    );
    expect(snapshot.context.visible[2]).toMatchObject({
      id: 'c',
      message: '已保存',
      intent: 'success',
      timeoutMs: 2000,
    });
    expect(cancelled(actions)).toEqual([expiryTimerId('c')]);
    expect(scheduled(actions)).toEqual([{ toast: 'c', delay: 2000, timer: expiryTimerId('c') }]);
    const queued = run([{ type: 'UPDATE', id: 'f', patch: { persistent: true } }], full).snapshot;
    expect(queued.context.queued[0]).toMatchObject({ id: 'f', timeoutMs: 0 });
    const unpersisted = run(
      [
        { type: 'UPDATE', id: 'a', patch: { persistent: true } },
        { type: 'UPDATE', id: 'a', patch: { persistent: false } },
      ],
      full,
    ).snapshot;
    expect(unpersisted.context.visible[0]).toMatchObject({
      id: 'a',
      timeoutMs: TOAST_DEFAULT_TIMEOUT_MS,
    });
  });

  it('clears everything and stops the timers', () => {
    const full = run(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => show(id))).snapshot;
    const { snapshot, actions } = run([{ type: 'CLEAR' }], full);
    expect(snapshot.context).toEqual({ visible: [], queued: [] });
    expect(cancelled(actions)).toEqual(['a', 'b', 'c', 'd', 'e'].map(expiryTimerId));
  });

  it('shows one persistent red quota toast and opens the card list when it is closed', () => {
    const quota = {
      type: 'SHOW_QUOTA_USED_UP',
      message: '今日提交次数已用完',
      title: '提示',
    } as const;
    const { snapshot, actions } = run([quota, quota]);
    expect(snapshot.context.visible).toEqual([
      {
        id: QUOTA_TOAST_ID,
        kind: 'quotaUsedUp',
        message: '今日提交次数已用完',
        title: '提示',
        intent: 'danger',
        timeoutMs: 0,
      },
    ]);
    expect(scheduled(actions)).toEqual([]);
    const closed = run([{ type: 'HIDE', id: QUOTA_TOAST_ID }], snapshot);
    expect(closed.snapshot.context.visible).toEqual([]);
    expect(emittedBy(closed.actions)).toEqual([{ type: 'openVipCardList' }]);
    // Closing an ordinary toast opens nothing.
    const plain = run([show('a'), { type: 'HIDE', id: 'a' }]);
    expect(emittedBy(plain.actions)).toEqual([]);
  });
});

describe('toastQueueMachine (live timers)', () => {
  it('auto-dismisses after the timeout and promotes the queue, through logged self-events', () => {
    const clock = new SimulatedClock();
    const received: string[] = [];
    const actor = createActor(toastQueueMachine, {
      clock,
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.actorRef.sessionId === e.rootId)
          received.push(e.event.type);
      },
    }).start();
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f'])
      actor.send(show(id, { timeoutMs: id === 'a' ? 1000 : 3000 }));
    clock.increment(999);
    expect(ids(actor.getSnapshot().context.visible)).toContain('a');
    clock.increment(1);
    expect(ids(actor.getSnapshot().context.visible)).toEqual(['b', 'c', 'd', 'e', 'f']);
    // f was promoted at t=1000 and got its own full timeout.
    clock.increment(2000);
    expect(ids(actor.getSnapshot().context.visible)).toEqual(['f']);
    clock.increment(1000);
    expect(actor.getSnapshot().context.visible).toEqual([]);
    expect(received.filter((t) => t === 'TOAST.EXPIRE')).toHaveLength(6);
    actor.stop();
  });

  it("does not let a hidden toast's old timer close a re-shown toast with the same id", () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastQueueMachine, { clock }).start();
    actor.send(show('a', { timeoutMs: 1000 }));
    clock.increment(800);
    actor.send({ type: 'HIDE', id: 'a' });
    actor.send(show('a', { timeoutMs: 1000 }));
    clock.increment(500);
    expect(ids(actor.getSnapshot().context.visible)).toEqual(['a']);
    clock.increment(500);
    expect(actor.getSnapshot().context.visible).toEqual([]);
    actor.stop();
  });

  it('emits openVipCardList when the user closes the quota toast', () => {
    const actor = createActor(toastQueueMachine).start();
    let opened = 0;
    actor.on('openVipCardList', () => (opened += 1));
    actor.send({ type: 'SHOW_QUOTA_USED_UP', message: '次数已用完' });
    actor.send({ type: 'HIDE', id: QUOTA_TOAST_ID });
    expect(opened).toBe(1);
    actor.stop();
  });
});
