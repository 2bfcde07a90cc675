/**
 * A learner's answer to an organization's invitation: accepting runs the enrollments it
 * carries, so it is a purchase as far as the member's reads go.
 */
import { createInvitationAnswerImplementations } from '../../../machines/invitation-answer/implementations.ts';
import { invitationAnswerMachine } from '../../../machines/invitation-answer/machine.ts';
import { defineClientModule } from '../client-module.ts';

export const invitationsModule = defineClientModule({
  name: 'invitations',
  rootActors: {
    invitationAnswer: {
      machine: invitationAnswerMachine,
      provide: ({ transport, changed }) =>
        invitationAnswerMachine.provide(
          createInvitationAnswerImplementations({
            transport,
            onChanged: () => changed('purchase'),
          }),
        ),
    },
  },
});
