/**
 * Enrolling in an item from its detail screen: every kind is the shared item-enroll machine
 * (src/machines/item-enroll) under its kind's id field, and every one hands an order awaiting
 * payment to the checkout. A new enrollable kind is one more entry here.
 */
import { createActivityEnrollImplementations } from '../../../machines/activity-enroll/implementations.ts';
import { activityEnrollMachine } from '../../../machines/activity-enroll/machine.ts';
import { createExamEnrollImplementations } from '../../../machines/exam-enroll/implementations.ts';
import { examEnrollMachine } from '../../../machines/exam-enroll/machine.ts';
import { createGradeEnrollImplementations } from '../../../machines/grade-enroll/implementations.ts';
import { gradeEnrollMachine } from '../../../machines/grade-enroll/machine.ts';
import { defineClientModule } from '../client-module.ts';

export const enrollmentsModule = defineClientModule({
  name: 'enrollments',
  rootActors: {
    examEnroll: {
      machine: examEnrollMachine,
      provide: ({ transport, changed }) =>
        examEnrollMachine.provide(
          createExamEnrollImplementations({ transport, onChanged: () => changed('purchase') }),
        ),
    },
    gradeEnroll: {
      machine: gradeEnrollMachine,
      provide: ({ transport, changed }) =>
        gradeEnrollMachine.provide(
          createGradeEnrollImplementations({ transport, onChanged: () => changed('purchase') }),
        ),
    },
    activityEnroll: {
      machine: activityEnrollMachine,
      provide: ({ transport, changed }) =>
        activityEnrollMachine.provide(
          createActivityEnrollImplementations({ transport, onChanged: () => changed('purchase') }),
        ),
    },
  },
  wire: (enrollments, { emit }) =>
    Object.values(enrollments).map((enroll) =>
      enroll.on('awaitingPayment', ({ order }) => emit('pay', { order })),
    ),
});
