/**
 * Enrolling in a class (issue 8 item 5) from its detail screen: the shared item-enroll machine
 * keyed by `gradeId`. A free class puts the learner on the roster at once; a paid one leaves an
 * order awaiting payment, which the screen hands to the checkout (PAY); the server's refusal
 * (full, window closed, already enrolled) stays until the next enrollment.
 */
import type { ErrorInfo } from '../errors.ts';
import { itemEnrollMachineOf, type ItemEnrollContext } from '../item-enroll/machine.ts';

// This kind's id field, in the shared machine's registry of kinds.
declare module '../item-enroll/machine.ts' {
  interface ItemKeys {
    gradeId: true;
  }
}

export const gradeEnrollMachine = itemEnrollMachineOf('gradeEnroll', 'gradeId');

/** The refusal of the last enrollment in this class, if that is what the machine holds. */
export const enrollErrorFor = (
  snapshot: { context: ItemEnrollContext },
  gradeId: number,
): ErrorInfo | null => (snapshot.context.gradeId === gradeId ? snapshot.context.error : null);
