/**
 * Orders of every kind (issue 6): one row per order on one lifecycle (machines/lifecycles/
 * enrollment.ts; recharge orders on recharge.ts), paid through a provider or the wallet, with
 * refunds and the provider's signed notifications. member/order is a member's orders of every
 * kind in one list; membership/order and memberWallet/rechargeOrder are the same rows by kind.
 *
 * Each part declares its shapes and calls beside the server's: orders.ts the order every kind
 * shares (server/orders/rows.ts, flow.ts), specs.ts the calls each kind declares alike,
 * notifications.ts the provider's (server/orders/notifications.ts), member-orders.ts ↔
 * server/order/handlers.ts, points.ts ↔ server/orders/points.ts; this file only assembles the
 * domain, in the order the refs and docs/api.md list it.
 */
import { memberOrderCalls } from './member-orders.ts';
import { pointsCalls } from './points.ts';

/**
 * Read in many places (and by server/enrollment/ and server/order-kinds.test.ts); declared in
 * ./orders.ts.
 */
export { ORDER_KINDS, type OrderDetail, type OrderItem, type OrderKind } from './orders.ts';

export const order = {
  ...memberOrderCalls,
  ...pointsCalls,
};
