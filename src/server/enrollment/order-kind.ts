/**
 * What every enrollable kind's order behaviour (orders/kinds.ts) shares: the enrollment
 * lifecycle (machines/lifecycles/orders.ts), paid money going to revenue and earning points,
 * the provider notifying the kind's own notify calls, and — where the order itself is the place
 * — nothing to grant on paying nor to take back on quitting. A kind's definition
 * (./enrollable.ts `order`) adds what differs: a roster to join, a capacity to admit under, a
 * quit to refuse, fees kept.
 */
import type { CallDef } from '../../contract/call.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import type { Area } from '../http/wire.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { DomainOrderKinds, OrderKindBehaviour } from '../orders/kinds.ts';

/** The hooks a kind may give: what its orders do beyond the shared behaviour. */
export type EnrollmentOrderHooks = Partial<
  Pick<OrderKindBehaviour, 'earnsPoints' | 'grant' | 'revoke' | 'refuse' | 'admit' | 'kept'>
>;

type NotifyCalls = { paidNotify?: CallDef | undefined; refundNotify?: CallDef | undefined };

/**
 * Whose notify calls the provider is given: the un-prefixed area's where the kind's contract
 * has them (exam, class), else bms's — the paths each kind's payments have always named.
 */
const NOTIFY_AREAS = ['app', 'bms'] as const satisfies readonly Area[];

const nothing = async () => undefined;

export function enrollmentOrderKind(
  kind: OrderKind,
  byArea: { readonly [A in Area]?: NotifyCalls | undefined },
  hooks: EnrollmentOrderHooks = {},
): DomainOrderKinds {
  const notify = NOTIFY_AREAS.map((area) => byArea[area]).find(
    (calls) => calls?.paidNotify && calls.refundNotify,
  );
  if (!notify?.paidNotify || !notify.refundNotify) {
    throw new Error(`order kind ${kind} has no paidNotify and refundNotify calls`);
  }
  const behaviour: OrderKindBehaviour = {
    lifecycle: orderLifecycleOf(kind),
    notifyPaths: { paid: notify.paidNotify.path, refund: notify.refundNotify.path },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: nothing,
    revoke: nothing,
    ...hooks,
  };
  return { [kind]: behaviour };
}
