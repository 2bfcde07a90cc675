import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { enrollErrorFor, gradeEnrollMachine } from './machine.ts';
import { enrollRefusal } from './refusal.ts';

const order = { id: 5, state: 'awaitingPayment' } as OrderDetail;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('enrolling in a class', () => {
  it('keeps the order it placed and says the lists changed', async () => {
    let changed = 0;
    const actor = createActor(
      gradeEnrollMachine.provide({
        actors: { enroll: fromPromise(async () => order) },
        actions: { changed: () => void (changed += 1) },
      }),
    ).start();
    actor.send({ type: 'ENROLL', gradeId: 3 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('enrolled')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ gradeId: 3, order, error: null });
    expect(changed).toBe(1);
  });

  it('keeps the refusal for that class only, reloads, and can try again', async () => {
    let changed = 0;
    const actor = createActor(
      gradeEnrollMachine.provide({
        actors: {
          enroll: fromPromise(() =>
            Promise.reject(Object.assign(new Error('不能报名：班级名额已满'), { code: 40900 })),
          ),
        },
        actions: { changed: () => void (changed += 1) },
      }),
    ).start();
    actor.send({ type: 'ENROLL', gradeId: 3 });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(enrollErrorFor(actor.getSnapshot(), 3)).toEqual({
      message: '不能报名：班级名额已满',
      code: 40900,
    });
    expect(enrollErrorFor(actor.getSnapshot(), 4)).toBeNull();
    expect(changed).toBe(1);
    actor.send({ type: 'ENROLL', gradeId: 3 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('forgets the outcome on DISMISS', async () => {
    const actor = createActor(
      gradeEnrollMachine.provide({ actors: { enroll: fromPromise(async () => order) } }),
    ).start();
    actor.send({ type: 'ENROLL', gradeId: 3 });
    await settle();
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.order).toBeNull();
  });

  it('takes one enrollment at a time', () => {
    const actor = createActor(
      gradeEnrollMachine.provide({
        actors: { enroll: fromPromise(() => new Promise<OrderDetail>(() => undefined)) },
      }),
    ).start();
    actor.send({ type: 'ENROLL', gradeId: 3 });
    actor.send({ type: 'ENROLL', gradeId: 4 });
    expect(actor.getSnapshot().context.gradeId).toBe(3);
  });
});

describe('why a class takes no enrollment', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');
  const open = {
    enrollable: true,
    state: 'published' as const,
    endTime: '2026-06-01T00:00:00Z',
    enrollStartAt: '2026-02-01T00:00:00Z',
    enrollEndAt: '2026-04-01T00:00:00Z',
    seatsLeft: 3,
  };
  const closed = { ...open, enrollable: false };

  it('says nothing while the server takes enrollments', () => {
    expect(enrollRefusal(open, now)).toBeNull();
  });

  it('names the reason the server refuses', () => {
    expect(enrollRefusal({ ...closed, state: 'stopped' }, now)).toBe('stopped');
    expect(enrollRefusal({ ...closed, state: 'unpublished' }, now)).toBe('notPublished');
    expect(enrollRefusal({ ...closed, endTime: '2026-02-28T00:00:00Z' }, now)).toBe('ended');
    expect(enrollRefusal({ ...closed, enrollStartAt: '2026-03-02T00:00:00Z' }, now)).toBe('notYet');
    expect(enrollRefusal({ ...closed, enrollEndAt: '2026-02-28T00:00:00Z' }, now)).toBe('closed');
    expect(enrollRefusal({ ...closed, seatsLeft: 0 }, now)).toBe('full');
    expect(enrollRefusal(closed, now)).toBe('closed');
  });
});
