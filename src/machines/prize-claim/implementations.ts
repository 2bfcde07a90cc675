/** A learner's prize actions over the transport: oj activityPrize collect and express. */
import { fromPromise } from 'xstate';
import { activityPrize } from '../../contract/activity-prize/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { prizeClaimMachine } from './machine.ts';

export function createPrizeClaimImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof prizeClaimMachine> {
  return {
    actors: {
      claim: fromPromise(({ input, signal }) =>
        input.kind === 'collect'
          ? deps.transport.call(activityPrize['oj.activityPrize.collect'], {
              body: { id: input.awardId },
              skipErrorHandler: true,
              signal,
            })
          : deps.transport.call(activityPrize['oj.activityPrize.express'], {
              body: input.address,
              skipErrorHandler: true,
              signal,
            }),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
