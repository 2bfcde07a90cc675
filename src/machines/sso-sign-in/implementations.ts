/** Single sign-on's calls: the provider's page (sso/authorizeUrl), its answer to ssoAuth. */
import { fromPromise } from 'xstate';
import { sso } from '../../contract/sso/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { ssoSignInMachine } from './machine.ts';

export function createSsoSignInImplementations({
  transport,
  leaveFor,
}: {
  transport: Transport;
  leaveFor: (url: string) => void;
}): FeatureImplementations<typeof ssoSignInMachine> {
  return {
    actors: {
      // A refusal here is notified as any call's is: the login dialog has no place for it.
      authorizeUrl: fromPromise(({ signal }) =>
        transport.call(sso['sso.authorizeUrl'], { signal }),
      ),
      // The callback page shows the refusal itself.
      signIn: fromPromise(({ input, signal }) =>
        transport.call(sso.ssoAuth, { body: input, skipErrorHandler: true, signal }),
      ),
    },
    actions: { leave: (_, { url }) => leaveFor(url) },
  };
}
