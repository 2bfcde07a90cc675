import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type AnyEventObject } from 'xstate';
import { doneEvent, errorEvent } from '../test-support.ts';
import { orderActionsMachine, type OrderActionsEvent } from './machine.ts';

function run(events: (OrderActionsEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(orderActionsMachine);
  const actions: string[] = [];
  for (const event of events) {
    const [next, executed] = transition(orderActionsMachine, snapshot, event as OrderActionsEvent);
    snapshot = next;
    actions.push(...executed.map((a) => a.type));
  }
  return { snapshot, actions };
}

describe('the order actions machine', () => {
  it('acts, tells the lists, and takes the next action from done', () => {
    const { snapshot, actions } = run([
      { type: 'ACT', action: 'cancel', orderId: 5 },
      doneEvent('act', { id: 5, state: 'cancelled' }),
      { type: 'ACT', action: 'applyQuit', orderId: 6, reason: '买错了' },
    ]);
    expect(actions).toContain('changed');
    expect(snapshot.value).toBe('working');
    expect(snapshot.context.last).toEqual({ action: 'applyQuit', orderId: 6, reason: '买错了' });
  });

  it('carries a partial refund amount to the call', () => {
    const { snapshot } = run([{ type: 'ACT', action: 'refund', orderId: 9, amountFen: 500 }]);
    expect(snapshot.context.last).toEqual({ action: 'refund', orderId: 9, amountFen: 500 });
  });

  it('keeps the refusal and ignores clicks while an action is on its way', () => {
    const busy = run([
      { type: 'ACT', action: 'passQuit', orderId: 5 },
      { type: 'ACT', action: 'rejectQuit', orderId: 6, reason: 'x' },
    ]);
    expect(busy.snapshot.context.last).toEqual({ action: 'passQuit', orderId: 5 });
    const refused = run([
      { type: 'ACT', action: 'cancel', orderId: 5 },
      errorEvent('act', { message: '订单当前为「已生效」，不能取消', code: 40901 }),
    ]);
    expect(refused.snapshot.value).toBe('failed');
    expect(refused.snapshot.context.error?.message).toContain('不能取消');
    expect(refused.actions).not.toContain('changed');
    const next = run([
      { type: 'ACT', action: 'cancel', orderId: 5 },
      errorEvent('act', { message: 'x', code: 40901 }),
      { type: 'DISMISS' },
    ]);
    expect(next.snapshot.value).toBe('idle');
    expect(next.snapshot.context.error).toBeNull();
  });
});
