import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { flushPromises } from '../test-support.ts';
import { SCENE_POLL_MS, wechatScanMachine, type SceneStatus } from './machine.ts';

const user: CurrentUser = {
  id: 21,
  userId: 12,
  username: 'student',
  nickname: '小红',
  mobile: null,
  email: null,
  role: 'student',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};

/** A scan actor whose scene answers `statuses` in turn, on a simulated clock. */
function scanning(statuses: SceneStatus[], take = async () => user) {
  const clock = new SimulatedClock();
  let scenes = 0;
  const checks = vi.fn(async () => ({ status: statuses.shift() ?? 'pending' }));
  const actor = createActor(
    wechatScanMachine.provide({
      actors: {
        openScene: fromPromise(async () => ({
          scene: `scene-${++scenes}`,
          image: 'data:image/svg+xml;base64,',
          expiresAt: '2026-12-03T10:00:00.000Z',
        })),
        checkScene: fromPromise(checks),
        takeScene: fromPromise(take),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, checks };
}

describe('scan to sign in with WeChat', () => {
  it('asks every two seconds until the phone confirms, then signs in once', async () => {
    const { actor, clock, checks } = scanning(['pending', 'confirmed']);
    const loggedIn = vi.fn();
    actor.on('loggedIn', loggedIn);
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.shown?.scene).toBe('scene-1');
    clock.increment(SCENE_POLL_MS - 1);
    expect(checks).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('waiting') && checks.mock.calls.length === 1);
    clock.increment(SCENE_POLL_MS);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(loggedIn.mock.calls[0]![0].user.username).toBe('student');
    expect(actor.getSnapshot().context.shown).toBeNull();
  });

  it('says an unbound WeChat and an expired code, each refreshed to a new scene', async () => {
    const { actor, clock } = scanning(['unbound', 'expired']);
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(SCENE_POLL_MS);
    await waitFor(actor, (s) => s.matches('unbound'));
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.shown?.scene).toBe('scene-2');
    clock.increment(SCENE_POLL_MS);
    await waitFor(actor, (s) => s.matches('expired'));
  });

  it('keeps asking after a lost answer, and stops when the tab closes', async () => {
    const clock = new SimulatedClock();
    const checks = vi.fn(async (): Promise<{ status: SceneStatus }> => {
      throw new Error('网络异常');
    });
    const actor = createActor(
      wechatScanMachine.provide({
        actors: {
          openScene: fromPromise(async () => ({ scene: 's', image: '', expiresAt: '' })),
          checkScene: fromPromise(checks),
          takeScene: fromPromise(async () => user),
        },
      }),
      { clock },
    ).start();
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(SCENE_POLL_MS);
    await flushPromises();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    clock.increment(SCENE_POLL_MS * 3);
    await flushPromises();
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('shows why a sign-in failed, and refreshes from there', async () => {
    const { actor, clock } = scanning(['confirmed'], async () => {
      throw Object.assign(new Error('账号已停用，请联系管理员'), { status: 403 });
    });
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(SCENE_POLL_MS);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toContain('账号已停用');
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('waiting'));
  });
});
