import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyEventObject } from 'xstate';
import { doneEvent, errorEvent } from '../test-support.ts';
import { parentBindingMachine, type BindingEvent } from './machine.ts';

function run(events: (BindingEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(parentBindingMachine);
  const actions: string[] = [];
  for (const event of events) {
    const [next, executed] = transition(parentBindingMachine, snapshot, event as BindingEvent);
    snapshot = next;
    actions.push(...executed.map((a) => a.type));
  }
  return { snapshot, actions };
}

describe('the parent binding machine', () => {
  it('asks, tells the lists, and takes the next command from done', () => {
    const { snapshot, actions } = run([
      { type: 'REQUEST', account: '13800000001', relation: '妈妈' },
      doneEvent('run', { id: 3, state: 'requested' }),
      { type: 'ACT', side: 'parent', action: 'cancel', id: 3 },
    ]);
    expect(actions).toContain('changed');
    expect(snapshot.value).toBe('working');
    expect(snapshot.context.last).toEqual({ kind: 'act', side: 'parent', action: 'cancel', id: 3 });
  });

  it('keeps the refusal, ignores clicks on the way, and forgets on DISMISS', () => {
    const busy = run([
      { type: 'ACT', side: 'child', action: 'confirm', id: 4 },
      { type: 'ACT', side: 'child', action: 'refuse', id: 4 },
    ]);
    expect(busy.snapshot.context.last).toMatchObject({ action: 'confirm' });
    const refused = run([
      { type: 'REQUEST', account: 'nobody', relation: '爸爸' },
      errorEvent('run', {
        message: '参数校验失败：body.account 没有找到用这个用户名或手机号注册的学员账号',
        code: 40000,
        data: {
          fields: [
            { field: 'body.account', message: '没有找到用这个用户名或手机号注册的学员账号' },
          ],
        },
      }),
    ]);
    expect(refused.snapshot.value).toBe('failed');
    expect(refused.snapshot.context.error?.message).toContain('没有找到');
    // The form names the field itself, not the server's path.
    expect(refused.snapshot.context.fields).toEqual([
      { field: 'account', message: '没有找到用这个用户名或手机号注册的学员账号' },
    ]);
    expect(refused.actions).not.toContain('changed');
    const [cleared] = transition(parentBindingMachine, refused.snapshot, { type: 'DISMISS' });
    expect(cleared.value).toBe('idle');
    expect(cleared.context.error).toBeNull();
    expect(cleared.context.fields).toEqual([]);
  });
});
