/**
 * A wallet recharge as an order kind (server/orders/kinds.ts): the member's own money, so it
 * lands in their wallet, earns no points, and grants nothing beyond the balance.
 */
import { wallet } from '../../contract/wallet/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { DomainOrderKinds } from '../orders/kinds.ts';

const nothing = async () => undefined;

export const walletOrderKinds: DomainOrderKinds = {
  recharge: {
    lifecycle: orderLifecycleOf('recharge'),
    notifyPaths: {
      paid: wallet['bms.memberWallet.rechargeOrder.paidNotify'].path,
      refund: wallet['bms.memberWallet.rechargeOrder.refundNotify'].path,
    },
    // A recharge is the member's own money: it lands in their wallet.
    payee: (order) => ledgerAccount.wallet(order.member_id),
    earnsPoints: false,
    grant: nothing,
    revoke: nothing,
  },
};
