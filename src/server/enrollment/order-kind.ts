/**
 * What every enrollable kind's order behaviour (orders/kinds.ts) shares: the enrollment
 * lifecycle (machines/lifecycles/orders.ts), paid money going to revenue and earning points,
 * the provider notifying the kind's own notify calls, and — where the order itself is the place
 * — nothing to grant on paying nor to take back on quitting. A kind's order-kind.ts adds what
 * differs: a roster to join, a capacity to admit under, a quit to refuse, fees kept.
 */
import type { CallDef } from '../../contract/call.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { DomainOrderKinds, OrderKindBehaviour } from '../orders/kinds.ts';

const nothing = async () => undefined;

export const enrollmentOrderKind = (
  kind: OrderKind,
  notify: { paidNotify: CallDef; refundNotify: CallDef },
  differs: Partial<OrderKindBehaviour> = {},
): DomainOrderKinds => ({
  [kind]: {
    lifecycle: orderLifecycleOf(kind),
    notifyPaths: { paid: notify.paidNotify.path, refund: notify.refundNotify.path },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: nothing,
    revoke: nothing,
    ...differs,
  },
});
