/**
 * Buying and the member's orders (docs/payments.md): the checkout (the pay dialog) and the
 * order actions (cancel, quit). Its reads — orders, wallet, history, and every enrollment,
 * since an enrollment is an order — carry the `commerce` tag. Its screens: the cards and
 * packages on sale, the member's orders and wallet, and the back offices' orders, cards and
 * wallets.
 */
import { createCheckoutImplementations } from '../../../machines/checkout/implementations.ts';
import { checkoutMachine } from '../../../machines/checkout/machine.ts';
import { createOrderActionsImplementations } from '../../../machines/orders/implementations.ts';
import { orderActionsMachine } from '../../../machines/orders/machine.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import {
  mustLogin,
  open,
  platformAdminOnly,
  teacherOnly,
  type ScreenRoute,
} from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The member's orders, wallet, history and enrollments: stale once something is bought. */
export const commerceTag = 'commerce';

const screens: readonly ScreenRoute[] = [
  {
    path: '/vipCardList',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/VipCardList.tsx'), 'VipCardList'),
  },
  {
    path: '/activityPackages',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/ActivityPackages.tsx'), 'ActivityPackages'),
  },
  {
    path: '/user/wallet',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.wallet', order: 70 },
    screen: lazyScreen(() => import('../../pages/UserWallet.tsx'), 'UserWallet'),
  },
  {
    path: '/order',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.order', order: 80 },
    screen: lazyScreen(() => import('../../pages/Order.tsx'), 'Order'),
  },
  {
    path: '/admin/orders',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.member.order.queryList',
    menu: { label: 'staff.menu.orders', order: 90 },
    screen: lazyScreen(() => import('../../pages/admin/Orders.tsx'), 'AdminOrders'),
  },
  {
    path: '/admin/memberships',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.right.queryList',
    menu: { label: 'staff.menu.memberships', order: 100 },
    screen: lazyScreen(() => import('../../pages/admin/Memberships.tsx'), 'AdminMemberships'),
  },
  {
    path: '/admin/wallets',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.memberWallet.queryList',
    menu: { label: 'staff.menu.wallets', order: 110 },
    screen: lazyScreen(() => import('../../pages/admin/Wallets.tsx'), 'AdminWallets'),
  },
  {
    path: '/manage/orders',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.membership.order.queryList',
    menu: { label: 'staff.menu.orders', order: 120 },
    screen: lazyScreen(() => import('../../pages/manage/Orders.tsx'), 'ManageOrders'),
  },
];

export const commerceModule = defineClientModule({
  name: 'commerce',
  rootActors: {
    checkout: {
      machine: checkoutMachine,
      provide: ({ transport, openWindow, emit, changed }) =>
        checkoutMachine.provide(
          createCheckoutImplementations({
            transport,
            openWindow,
            onPaid: (order) => {
              emit('paid', { order });
              changed('purchase');
            },
          }),
        ),
    },
    orderActions: {
      machine: orderActionsMachine,
      provide: ({ transport, changed }) =>
        orderActionsMachine.provide(
          createOrderActionsImplementations({
            transport,
            area: 'learner',
            onChanged: () => changed('purchase'),
          }),
        ),
    },
  },
  queryTags: { [commerceTag]: ['purchase'] },
  on: {
    // Enrolling in a paid item pays in one go (issue 25 item 7): the order it placed opens the
    // pay dialog at once, for every kind alike; closing it leaves the order payable later.
    pay: ({ checkout }, { order }) => checkout.send({ type: 'PAY', order }),
  },
  screens,
});
