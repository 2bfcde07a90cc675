/** The order actions' calls over the transport; refusals show on the order screen itself. */
import { fromPromise } from 'xstate';
import { order as orderApi } from '../../contract/order/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { orderActionsMachine } from './machine.ts';

export function createOrderActionsImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof orderActionsMachine> {
  return {
    actors: {
      act: fromPromise(({ input, signal }) =>
        input.action === 'cancel'
          ? deps.transport.call(orderApi['oj.member.order.cancel'], {
              body: { id: input.orderId },
              skipErrorHandler: true,
              signal,
            })
          : deps.transport.call(orderApi['oj.member.order.applyQuit'], {
              body: { id: input.orderId, reason: input.reason },
              skipErrorHandler: true,
              signal,
            }),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
