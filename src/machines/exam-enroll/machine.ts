/**
 * Enrolling in an exam (issue 7 item 3) from its detail screen: the shared item-enroll machine
 * keyed by `examId`. A free exam is entered at once; a paid one leaves an order awaiting payment,
 * which the screen hands to the checkout.
 */
import { itemEnrollMachineOf } from '../item-enroll/machine.ts';

// This kind's id field, in the shared machine's registry of kinds.
declare module '../item-enroll/machine.ts' {
  interface ItemKeys {
    examId: true;
  }
}

export const examEnrollMachine = itemEnrollMachineOf('examEnroll', 'examId');
