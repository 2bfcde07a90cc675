/**
 * A pack of AI tokens as an order kind (server/orders/kinds.ts): paying (or a free pack) moves
 * the pack's tokens from the issued pool to the member; quitting moves them back.
 */
import { order as orderCalls } from '../../contract/order/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import type { DomainOrderKinds } from '../orders/kinds.ts';

export const aiTokenOrderKinds: DomainOrderKinds = {
  aiTokens: {
    lifecycle: orderLifecycleOf('aiTokens'),
    notifyPaths: {
      paid: orderCalls['bms.member.order.paidNotify'].path,
      refund: orderCalls['bms.member.order.refundNotify'].path,
    },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: async (client, order) => {
      await postJournal(client, {
        idempotencyKey: `aiTokensGranted:${order.id}`,
        kind: 'aiTokensGranted',
        orderId: order.id,
        entries: [
          { account: ledgerAccount.aiTokensIssued, amount: -order.item_units! },
          { account: ledgerAccount.aiTokens(order.member_id), amount: order.item_units! },
        ],
      });
    },
    // Tokens already spent cannot come back: the ledger refuses, and the quit with it.
    revoke: async (client, order) => {
      await postJournal(client, {
        idempotencyKey: `aiTokensReturned:${order.id}`,
        kind: 'aiTokensReturned',
        orderId: order.id,
        entries: [
          { account: ledgerAccount.aiTokens(order.member_id), amount: -order.item_units! },
          { account: ledgerAccount.aiTokensIssued, amount: order.item_units! },
        ],
      });
    },
  },
};
