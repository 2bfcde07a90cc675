import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyEventObject } from 'xstate';
import type { OrderDetail, PaymentItem } from '../../contract/order/orders.ts';
import { doneEvent, errorEvent } from '../test-support.ts';
import { checkoutMachine, MAX_POLLS, POLL_MS, type CheckoutEvent } from './machine.ts';

const order = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 41,
  orderNo: 'XO2026112500000041',
  kind: 'membership',
  memberId: 2,
  memberName: '演示家长',
  organizationId: 1,
  organizationName: '信奥训练营示范校',
  itemId: 2,
  itemName: '学生季卡',
  itemUnits: 90,
  amountFen: 12_900,
  state: 'awaitingPayment',
  payMethod: null,
  paidFen: 0,
  refundedFen: 0,
  quitReason: null,
  quitDecision: null,
  remark: '',
  paidAt: null,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  pendingPayment: null,
  refunds: [],
  history: [],
  ...over,
});
const paidOrder = order({ state: 'enrolled', paidFen: 12_900, payMethod: 'provider' });
const payment: PaymentItem = {
  paymentNo: 'XP2026112500000007',
  provider: 'sandbox',
  amountFen: 12_900,
  checkoutUrl: '/sandbox-pay/checkout/XP2026112500000007',
  qrUrl: '/sandbox-pay/checkout/XP2026112500000007/qr.svg',
  expiresAt: '2026-11-25T00:15:00.000Z',
};

/** Folds events through the pure machine, collecting the actions it asks for. */
function run(events: (CheckoutEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(checkoutMachine);
  const actions: { type: string; params?: unknown }[] = [];
  for (const event of events) {
    const [next, executed] = transition(checkoutMachine, snapshot, event as CheckoutEvent);
    snapshot = next;
    actions.push(...(executed as { type: string; params?: unknown }[]));
  }
  return { snapshot, actions: actions.map((a) => a.type) };
}

const after = { type: `xstate.after.${POLL_MS}.checkout.awaitingProvider` };

describe('the checkout machine', () => {
  it('places a card order, pays from the wallet and is paid at once', () => {
    const { snapshot, actions } = run([
      { type: 'BUY', purchase: { kind: 'membership', itemId: 2 } },
      doneEvent('placeOrder', { order: order(), payment: null }),
      { type: 'CHOOSE', method: 'wallet' },
      doneEvent('pay', { order: order({ state: 'enrolled', paidFen: 12_900 }), payment: null }),
    ]);
    expect(snapshot.value).toBe('paid');
    expect(actions).toContain('paid');
  });

  it('waits for the provider, asking the server until the order is paid', () => {
    const { snapshot, actions } = run([
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'provider' },
      doneEvent('pay', { order: order(), payment }),
      { type: 'OPEN_CHECKOUT' },
      after,
      doneEvent('loadOrder', order()),
      after,
      doneEvent('loadOrder', paidOrder),
    ]);
    expect(snapshot.value).toBe('paid');
    expect(actions).toEqual(expect.arrayContaining(['openCheckout', 'paid']));
  });

  it('opens the checkout when asked while a poll is under way', () => {
    const { snapshot, actions } = run([
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'provider' },
      doneEvent('pay', { order: order(), payment }),
      after,
      { type: 'OPEN_CHECKOUT' },
    ]);
    expect(snapshot.value).toBe('polling');
    expect(actions).toContain('openCheckout');
  });

  it('keeps waiting through a failed poll, and stops when the order was cancelled', () => {
    const waiting = run([
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'provider' },
      doneEvent('pay', { order: order(), payment }),
      { type: 'CHECK' },
      errorEvent('loadOrder', { message: '网络异常', code: null }),
    ]);
    expect(waiting.snapshot.value).toBe('awaitingProvider');
    expect(waiting.snapshot.context.polls).toBe(1);
    const cancelled = run([
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'provider' },
      doneEvent('pay', { order: order(), payment }),
      { type: 'CHECK' },
      doneEvent('loadOrder', order({ state: 'cancelled' })),
    ]);
    expect(cancelled.snapshot.value).toBe('closed');
  });

  it('gives up when the checkout has had its time, and can start a new one', () => {
    const events: AnyEventObject[] = [
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'provider' },
      doneEvent('pay', { order: order(), payment }),
    ];
    for (let i = 0; i < MAX_POLLS; i++) events.push(after, doneEvent('loadOrder', order()));
    const { snapshot } = run(events);
    expect(snapshot.value).toBe('expired');
    const again = transition(checkoutMachine, snapshot, { type: 'RETRY' })[0];
    expect(again.value).toBe('choosing');
    expect(again.context.payment).toBeNull();
  });

  it('a recharge comes back with its checkout and goes straight to waiting', () => {
    const recharge = order({ kind: 'recharge', itemId: null, itemName: '钱包充值 100.00 元' });
    const { snapshot } = run([
      { type: 'BUY', purchase: { kind: 'recharge', amountFen: 10_000 } },
      doneEvent('placeOrder', { order: recharge, payment }),
    ]);
    expect(snapshot.value).toBe('awaitingProvider');
    expect(snapshot.context.method).toBe('provider');
  });

  it('a free item is in effect as soon as it is ordered', () => {
    const { snapshot } = run([
      { type: 'BUY', purchase: { kind: 'aiTokens', itemId: 1 } },
      doneEvent('placeOrder', {
        order: order({ kind: 'aiTokens', state: 'enrolled', amountFen: 0 }),
        payment: null,
      }),
    ]);
    expect(snapshot.value).toBe('paid');
  });

  it('says why a wallet payment was refused and lets the learner choose again', () => {
    const { snapshot } = run([
      { type: 'PAY', order: order() },
      { type: 'CHOOSE', method: 'wallet' },
      errorEvent('pay', { message: '余额不足', code: 40200 }),
    ]);
    expect(snapshot.value).toBe('choosing');
    expect(snapshot.context.error).toEqual({ message: '余额不足', code: 40200 });
  });

  it('closes from anywhere, forgetting the order', () => {
    const { snapshot } = run([{ type: 'PAY', order: order() }, { type: 'CLOSE' }]);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.order).toBeNull();
  });
});
