/** Enrolling calls the learner's activityEnroll/enroll; its refusal shows on the detail screen. */
import { fromPromise } from 'xstate';
import { activity } from '../../contract/activity/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { activityEnrollMachine } from './machine.ts';

export function createActivityEnrollImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof activityEnrollMachine> {
  return {
    actors: {
      enroll: fromPromise(({ input, signal }) =>
        deps.transport.call(activity['oj.activityEnroll.enroll'], {
          body: { activityId: input.activityId! },
          skipErrorHandler: true,
          signal,
        }),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
