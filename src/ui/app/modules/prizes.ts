/** An activity's prizes: claiming one (the address it ships to) is the learner's write. */
import { createPrizeClaimImplementations } from '../../../machines/prize-claim/implementations.ts';
import { prizeClaimMachine } from '../../../machines/prize-claim/machine.ts';
import { defineClientModule } from '../client-module.ts';

export const prizesModule = defineClientModule({
  name: 'prizes',
  rootActors: {
    prizeClaim: {
      machine: prizeClaimMachine,
      provide: ({ transport, changed }) =>
        prizeClaimMachine.provide(
          createPrizeClaimImplementations({ transport, onChanged: () => changed('purchase') }),
        ),
    },
  },
});
