import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyEventObject } from 'xstate';
import { doneEvent, errorEvent } from '../test-support.ts';
import { outcomeIsHere, staffEditMachine, type StaffEditEvent } from './machine.ts';

function run(events: (StaffEditEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(staffEditMachine);
  const actions: string[] = [];
  const params: unknown[] = [];
  for (const event of events) {
    const [next, executed] = transition(staffEditMachine, snapshot, event as StaffEditEvent);
    snapshot = next;
    actions.push(...executed.map((a) => a.type));
    params.push(...executed.filter((a) => a.type === 'saved').map((a) => a.params));
  }
  return { snapshot, actions, params };
}

const refusal = errorEvent('write', { message: '只能管理本机构的考试', code: 40300 });

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

  it('tells a success once, as a toast named by the write, and keeps no banner for it', () => {
    const { snapshot, actions, params } = run([
      { type: 'ROUTE', path: '/admin/banners' },
      { type: 'SUBMIT', call: 'imageBanner.update', body: { id: 1 } },
      doneEvent('write', { id: 1 }),
      { type: 'SUBMIT', call: 'imageBanner.update', body: { id: 2 } },
      doneEvent('write', { id: 2 }),
    ]);
    expect(actions.filter((a) => a === 'saved')).toHaveLength(2);
    expect(params).toEqual([{ seq: 1 }, { seq: 2 }]);
    expect(snapshot.context.seq).toBe(2);
  });

  it('keeps a refusal on the screen that made it, and drops it on the next screen', () => {
    const refused = run([
      { type: 'ROUTE', path: '/manage/exams' },
      { type: 'SUBMIT', call: 'edms.exam.unpublish', body: { id: 7 } },
      refusal,
    ]);
    expect(refused.snapshot.value).toBe('failed');
    expect(refused.snapshot.context.origin).toBe('/manage/exams');
    expect(outcomeIsHere(refused.snapshot.context)).toBe(true);
    expect(refused.actions).not.toContain('saved');

    const moved = run([
      { type: 'ROUTE', path: '/manage/exams' },
      { type: 'SUBMIT', call: 'edms.exam.unpublish', body: { id: 7 } },
      refusal,
      { type: 'ROUTE', path: '/manage/classes' },
    ]);
    expect(moved.snapshot.value).toBe('idle');
    expect(moved.snapshot.context.error).toBeNull();
    expect(moved.snapshot.context.last).toBeNull();
    expect(moved.snapshot.context.route).toBe('/manage/classes');
  });

  it('keeps the outcome when the same screen is reported again (a re-render, a page of the list)', () => {
    const { snapshot } = run([
      { type: 'ROUTE', path: '/manage/exams' },
      { type: 'SUBMIT', call: 'edms.exam.delete', body: { id: 7 } },
      refusal,
      { type: 'ROUTE', path: '/manage/exams' },
    ]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error?.message).toBe('只能管理本机构的考试');
  });

  it('lets a write in flight finish when the person moves on, and shows its outcome on no screen', () => {
    const { snapshot, actions } = run([
      { type: 'ROUTE', path: '/manage/exams' },
      { type: 'SUBMIT', call: 'edms.exam.delete', body: { id: 7 } },
      { type: 'ROUTE', path: '/manage/classes' },
      refusal,
      { type: 'ROUTE', path: '/manage/classes' },
    ]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.origin).toBeNull();
    expect(outcomeIsHere(snapshot.context)).toBe(false);
    const back = run([
      { type: 'ROUTE', path: '/manage/exams' },
      { type: 'SUBMIT', call: 'edms.exam.delete', body: { id: 7 } },
      { type: 'ROUTE', path: '/manage/classes' },
      { type: 'ROUTE', path: '/manage/exams' },
      refusal,
    ]);
    // Even back on the screen it came from: the person left it while it was in flight.
    expect(outcomeIsHere(back.snapshot.context)).toBe(false);
    expect(actions).not.toContain('saved');
  });
});
