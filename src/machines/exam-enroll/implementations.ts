/** Enrolling calls the learner's examEnroll/enroll; its refusal shows on the detail screen. */
import { fromPromise } from 'xstate';
import { exam } from '../../contract/exam/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { examEnrollMachine } from './machine.ts';

export function createExamEnrollImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof examEnrollMachine> {
  return {
    actors: {
      enroll: fromPromise(({ input, signal }) =>
        deps.transport.call(exam['oj.examEnroll.enroll'], {
          body: { examId: input.examId! },
          skipErrorHandler: true,
          signal,
        }),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
