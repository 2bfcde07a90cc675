import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { examEnrollMachine } from './machine.ts';

const order = { id: 5, state: 'awaitingPayment' } as OrderDetail;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('enrolling in an exam', () => {
  it('keeps the order it placed and says the lists changed', async () => {
    let changed = 0;
    const actor = createActor(
      examEnrollMachine.provide({
        actors: { enroll: fromPromise(async () => order) },
        actions: { changed: () => void (changed += 1) },
      }),
    ).start();
    actor.send({ type: 'ENROLL', examId: 3 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('enrolled')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ examId: 3, order, error: null });
    expect(changed).toBe(1);
  });

  it('keeps the refusal for the screen and can try again', async () => {
    const actor = createActor(
      examEnrollMachine.provide({
        actors: {
          enroll: fromPromise(() =>
            Promise.reject(Object.assign(new Error('已报名该考试'), { code: 40900 })),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'ENROLL', examId: 3 });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ message: '已报名该考试', code: 40900 });
    actor.send({ type: 'ENROLL', examId: 3 });
    expect(actor.getSnapshot().matches('enrolling')).toBe(true);
  });
});
