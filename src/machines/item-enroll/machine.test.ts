import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { activityEnrollMachine } from '../activity-enroll/machine.ts';
import { examEnrollMachine } from '../exam-enroll/machine.ts';
import { gradeEnrollMachine } from '../grade-enroll/machine.ts';
import type { ItemEnrollEmitted, ItemKey } from './machine.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));
const orderOf = (kind: OrderDetail['kind'], state: OrderDetail['state']) =>
  ({ id: 9, kind, state, amountFen: 990 }) as OrderDetail;

/** Every kind enrolled in from a detail screen runs the one machine (issue 25 item 7). */
const KINDS = [
  { name: 'an exam', machine: examEnrollMachine, key: 'examId', kind: 'exam' },
  { name: 'a class', machine: gradeEnrollMachine, key: 'gradeId', kind: 'grade' },
  { name: 'an activity', machine: activityEnrollMachine, key: 'activityId', kind: 'activity' },
] as const satisfies readonly {
  name: string;
  machine: unknown;
  key: ItemKey;
  kind: OrderDetail['kind'];
}[];

describe.each(KINDS)('enrolling in $name', ({ machine, key, kind }) => {
  /** Enrolls with the server answering `answer`; what the machine emitted and where it ended. */
  async function enroll(answer: () => Promise<OrderDetail>) {
    const emitted: ItemEnrollEmitted[] = [];
    const actor = createActor(machine.provide({ actors: { enroll: fromPromise(answer) } }));
    actor.on('awaitingPayment', (e) => void emitted.push(e));
    actor.start();
    actor.send({ type: 'ENROLL', [key]: 3 });
    await settle();
    return { actor, emitted };
  }

  it('hands an order awaiting payment to the checkout at once, and keeps it', async () => {
    const order = orderOf(kind, 'awaitingPayment');
    const { actor, emitted } = await enroll(async () => order);
    expect(emitted).toEqual([{ type: 'awaitingPayment', order }]);
    expect(actor.getSnapshot().matches('enrolled')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ [key]: 3, order, error: null });
  });

  it('asks nothing more of a free enrollment', async () => {
    const order = orderOf(kind, 'enrolled');
    const { actor, emitted } = await enroll(async () => order);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.order).toEqual(order);
  });

  it('opens no payment when the enrollment is refused', async () => {
    const { actor, emitted } = await enroll(() =>
      Promise.reject(Object.assign(new Error('已报名'), { code: 40900 })),
    );
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });

  it('hands each new unpaid order over once, not the last one again', async () => {
    let n = 0;
    const { actor, emitted } = await enroll(async () => ({
      ...orderOf(kind, 'awaitingPayment'),
      id: ++n,
    }));
    actor.send({ type: 'DISMISS' });
    actor.send({ type: 'ENROLL', [key]: 3 });
    await settle();
    expect(emitted.map((e) => e.order.id)).toEqual([1, 2]);
  });
});
