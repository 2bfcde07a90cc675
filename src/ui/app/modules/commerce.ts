/**
 * Buying and the member's orders (docs/payments.md): the checkout (the pay dialog) and the
 * order actions (cancel, quit). Its reads — orders, wallet, history, and every enrollment,
 * since an enrollment is an order — carry the `commerce` tag.
 */
import { createCheckoutImplementations } from '../../../machines/checkout/implementations.ts';
import { checkoutMachine } from '../../../machines/checkout/machine.ts';
import { createOrderActionsImplementations } from '../../../machines/orders/implementations.ts';
import { orderActionsMachine } from '../../../machines/orders/machine.ts';
import { defineClientModule } from '../client-module.ts';

/** The member's orders, wallet, history and enrollments: stale once something is bought. */
export const commerceTag = 'commerce';

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
});
