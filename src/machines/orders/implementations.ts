/**
 * The order actions' calls: the learner's own (oj) and the staff's (bms, every kind of order).
 * Refusals show on the screen that asked, so they skip the red notification.
 */
import { fromPromise } from 'xstate';
import type { CallRef } from '../../contract/call.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { OrderActionName, orderActionsMachine } from './machine.ts';

type Calls = Partial<Record<OrderActionName, CallRef>>;

const LEARNER_CALLS: Calls = {
  cancel: orderApi['oj.member.order.cancel'],
  applyQuit: orderApi['oj.member.order.applyQuit'],
};

const STAFF_CALLS: Calls = {
  cancel: orderApi['bms.member.order.cancel'],
  passQuit: orderApi['bms.member.order.passQuit'],
  rejectQuit: orderApi['bms.member.order.rejectQuit'],
  finishQuit: orderApi['bms.member.order.finishQuit'],
  forceQuit: orderApi['bms.member.order.forceQuit'],
  refund: orderApi['bms.member.order.refund'],
};

export function createOrderActionsImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
  /** Whose calls: the learner's own orders, or staff on every order. */
  area: 'learner' | 'staff';
}): FeatureImplementations<typeof orderActionsMachine> {
  const calls = deps.area === 'staff' ? STAFF_CALLS : LEARNER_CALLS;
  return {
    actors: {
      act: fromPromise(async ({ input, signal }) => {
        const call = calls[input.action];
        if (!call) throw new Error(`不能在此执行「${input.action}」`);
        const { action: _, orderId, ...rest } = input;
        return deps.transport.call(call as (typeof orderApi)['bms.member.order.refund'], {
          body: { id: orderId, ...rest },
          skipErrorHandler: true,
          signal,
        });
      }),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
