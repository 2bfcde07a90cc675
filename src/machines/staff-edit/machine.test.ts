import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyEventObject } from 'xstate';
import { doneEvent, errorEvent } from '../test-support.ts';
import { staffEditMachine, type StaffEditEvent } from './machine.ts';

function run(events: (StaffEditEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(staffEditMachine);
  const actions: string[] = [];
  for (const event of events) {
    const [next, executed] = transition(staffEditMachine, snapshot, event as StaffEditEvent);
    snapshot = next;
    actions.push(...executed.map((a) => a.type));
  }
  return { snapshot, actions };
}

describe('the staff edit machine', () => {
  it('writes, keeps the answer and tells the lists', () => {
    const { snapshot, actions } = run([
      { type: 'SUBMIT', call: 'membership.publish', body: { id: 3 } },
      doneEvent('write', { id: 3, publication: 'published' }),
    ]);
    expect(snapshot.value).toBe('done');
    expect(snapshot.context.result).toEqual({ id: 3, publication: 'published' });
    expect(actions).toContain('changed');
  });

  it('keeps the fields the server refused, named as the form names them', () => {
    const { snapshot } = run([
      { type: 'SUBMIT', call: 'membership.create', body: { name: '' } },
      errorEvent('write', {
        message: '参数校验失败',
        code: 40000,
        data: { fields: [{ field: 'body.name', message: '会员卡名称不能为空' }] },
      }),
    ]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.fieldErrors).toEqual([
      { field: 'name', message: '会员卡名称不能为空' },
    ]);
  });

  it('takes one write at a time, and the next one clears the last outcome', () => {
    const busy = run([
      { type: 'SUBMIT', call: 'bms.right.delete', body: { id: 1 } },
      { type: 'SUBMIT', call: 'bms.right.delete', body: { id: 2 } },
    ]);
    expect(busy.snapshot.context.last?.body).toEqual({ id: 1 });
    const next = run([
      { type: 'SUBMIT', call: 'bms.right.delete', body: { id: 1 } },
      errorEvent('write', { message: '不能删除', code: 40900 }),
      { type: 'SUBMIT', call: 'bms.right.unpublish', body: { id: 1 } },
    ]);
    expect(next.snapshot.value).toBe('working');
    expect(next.snapshot.context.error).toBeNull();
  });
});
