/**
 * The parent's side (issue 25 item 11): bindings, and paying a child's order with the learner's
 * checkout machine on the parent's calls. Its reads carry the `family` tag.
 */
import { createChildCheckoutImplementations } from '../../../machines/child-checkout/implementations.ts';
import { checkoutMachine } from '../../../machines/checkout/machine.ts';
import { createParentBindingImplementations } from '../../../machines/parent-binding/implementations.ts';
import { parentBindingMachine } from '../../../machines/parent-binding/machine.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import { parentOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The parent's and the child's family reads (family-queries.ts). */
export const familyTag = 'family';

const screens: readonly ScreenRoute[] = [
  {
    path: '/user/children',
    layout: 'user',
    guard: parentOnly,
    menu: { label: 'userMenu.children', order: 20, alsoActiveOn: ['/user/child'] },
    audience: 'parents',
    screen: lazyScreen(() => import('../../pages/UserChildren.tsx'), 'UserChildren'),
  },
  {
    path: '/user/child',
    layout: 'user',
    guard: parentOnly,
    screen: lazyScreen(() => import('../../pages/UserChild.tsx'), 'UserChild'),
  },
];

export const familyModule = defineClientModule({
  name: 'family',
  rootActors: {
    parentBinding: {
      machine: parentBindingMachine,
      provide: ({ transport, changed }) =>
        parentBindingMachine.provide(
          createParentBindingImplementations({
            transport,
            onChanged: () => changed('familyChange'),
          }),
        ),
    },
    childCheckout: {
      machine: checkoutMachine,
      provide: ({ transport, openWindow, changed }) =>
        checkoutMachine.provide(
          createChildCheckoutImplementations({
            transport,
            openWindow,
            onPaid: () => {
              changed('purchase');
              changed('familyChange');
            },
            onPlaced: () => changed('familyChange'),
          }),
        ),
    },
  },
  queryTags: { [familyTag]: ['familyChange'] },
  screens,
});
