/**
 * Enrolling in an activity (issue 10 item 1) from its detail screen: the shared item-enroll
 * machine keyed by `activityId`. A free activity is entered at once; a paid one leaves an order
 * awaiting payment, which the screen hands to the checkout.
 */
import { itemEnrollMachineOf } from '../item-enroll/machine.ts';

// This kind's id field, in the shared machine's registry of kinds.
declare module '../item-enroll/machine.ts' {
  interface ItemKeys {
    activityId: true;
  }
}

export const activityEnrollMachine = itemEnrollMachineOf('activityEnroll', 'activityId');
