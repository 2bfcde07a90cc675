/** Enrolling calls the learner's grade/enroll/enroll; its refusal shows on the detail screen. */
import { fromPromise } from 'xstate';
import { grade } from '../../contract/grade/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { gradeEnrollMachine } from './machine.ts';

export function createGradeEnrollImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof gradeEnrollMachine> {
  return {
    actors: {
      enroll: fromPromise(({ input, signal }) =>
        deps.transport.call(grade['oj.grade.enroll.enroll'], {
          body: { gradeId: input.gradeId! },
          skipErrorHandler: true,
          signal,
        }),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
