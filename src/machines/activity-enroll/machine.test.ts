import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { activityEnrollMachine } from './machine.ts';

const order = { id: 7, state: 'enrolled' } as OrderDetail;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('enrolling in an activity', () => {
  it('keeps the order it placed, for that activity, and says the lists changed', async () => {
    let changed = 0;
    const actor = createActor(
      activityEnrollMachine.provide({
        actors: { enroll: fromPromise(async () => order) },
        actions: { changed: () => void (changed += 1) },
      }),
    ).start();
    actor.send({ type: 'ENROLL', activityId: 4 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('enrolled')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ activityId: 4, order, error: null });
    expect(changed).toBe(1);
  });

  it('keeps the server’s refusal and can try again', async () => {
    const actor = createActor(
      activityEnrollMachine.provide({
        actors: {
          enroll: fromPromise(() =>
            Promise.reject(Object.assign(new Error('活动名额已满（3 人）'), { code: 40900 })),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'ENROLL', activityId: 4 });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({
      message: '活动名额已满（3 人）',
      code: 40900,
    });
    actor.send({ type: 'ENROLL', activityId: 4 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
  });
});
