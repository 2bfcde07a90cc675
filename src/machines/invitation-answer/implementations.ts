/** A learner's answer to an invitation over the transport: oj memberInvitation accept, decline. */
import { fromPromise } from 'xstate';
import { organization } from '../../contract/organization/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { invitationAnswerMachine } from './machine.ts';

export function createInvitationAnswerImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof invitationAnswerMachine> {
  return {
    actors: {
      answer: fromPromise(({ input, signal }) =>
        deps.transport.call(
          organization[
            input.action === 'acceptInvitation'
              ? 'oj.memberInvitation.accept'
              : 'oj.memberInvitation.decline'
          ],
          { body: { id: input.invitationId }, skipErrorHandler: true, signal },
        ),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
