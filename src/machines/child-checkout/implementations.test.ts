/**
 * A parent's checkout (issue 25 item 11): the learner's checkout machine on the parent's calls.
 * Renewing a child's card places the child's order on the parent's call and asks how to pay; a
 * short wallet is said in Chinese and the dialog lets the parent choose again; nothing but a
 * child's card can be bought here.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { OrderItem } from '../../contract/order/calls.ts';
import type { Transport } from '../../transport/client.ts';
import { checkoutMachine } from '../checkout/machine.ts';
import { createChildCheckoutImplementations } from './implementations.ts';

type Call = { id: string; body?: unknown; query?: unknown };

function fakeTransport(answers: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  const transport = {
    call: (def: { id: string }, opts: Omit<Call, 'id'> = {}) => {
      const call = { id: def.id, body: opts.body, query: opts.query };
      calls.push(call);
      const answer = answers[def.id];
      if (!answer) return new Promise(() => {});
      try {
        return Promise.resolve(answer(call));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  } as unknown as Transport;
  return { transport, calls };
}

const order = (state: string, paidFen = 0) =>
  ({
    id: 41,
    orderNo: 'M41',
    kind: 'membership',
    itemName: '学生季卡',
    memberId: 7,
    state,
    amountFen: 9900,
    paidFen,
  }) as unknown as OrderItem;

function start(answers: Record<string, (call: Call) => unknown>) {
  const { transport, calls } = fakeTransport(answers);
  const seen = { placed: 0, paid: [] as OrderItem[] };
  const actor = createActor(
    checkoutMachine.provide(
      createChildCheckoutImplementations({
        transport,
        openWindow: () => undefined,
        onPaid: (paid) => seen.paid.push(paid),
        onPlaced: () => (seen.placed += 1),
      }),
    ),
  ).start();
  return { actor, calls, seen };
}

describe('the parent’s checkout', () => {
  it('renews the child’s card on the parent’s call, then pays it from the parent’s wallet', async () => {
    const { actor, calls, seen } = start({
      'oj.parent.membership.order.create': () => order('awaitingPayment'),
      'oj.parent.member.order.payment': () => ({ order: order('enrolled', 9900), payment: null }),
    });
    actor.send({ type: 'BUY', purchase: { kind: 'childMembership', childId: 7, itemId: 3 } });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(calls[0]).toEqual({
      id: 'oj.parent.membership.order.create',
      body: { childId: 7, membershipId: 3 },
      query: undefined,
    });
    expect(seen.placed).toBe(1);
    actor.send({ type: 'CHOOSE', method: 'wallet' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(calls[1]).toMatchObject({
      id: 'oj.parent.member.order.payment',
      body: { id: 41, method: 'wallet' },
    });
    expect(seen.paid.map((o) => o.id)).toEqual([41]);
  });

  it('says a short wallet in Chinese and lets the parent choose again', async () => {
    const { actor, seen } = start({
      'oj.parent.member.order.payment': () => {
        throw new Error('钱包余额不足：需要 ¥99.00，可用 ¥0.00');
      },
    });
    actor.send({ type: 'PAY', order: order('awaitingPayment') });
    actor.send({ type: 'CHOOSE', method: 'wallet' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toContain('余额不足');
    expect(seen.paid).toEqual([]);
  });

  it('buys nothing but a child’s card', async () => {
    const { actor, calls } = start({});
    actor.send({ type: 'BUY', purchase: { kind: 'membership', itemId: 3 } });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toContain('家长只为孩子支付订单或续卡');
    expect(calls).toEqual([]);
  });
});
