/** Single sign-on's call: the provider's answer to ssoAuth. */
import { fromPromise } from 'xstate';
import { sso } from '../../contract/sso/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { ssoSignInMachine } from './machine.ts';

export function createSsoSignInImplementations({
  transport,
}: {
  transport: Transport;
}): FeatureImplementations<typeof ssoSignInMachine> {
  return {
    actors: {
      // The callback page shows the refusal itself.
      signIn: fromPromise(({ input, signal }) =>
        transport.call(sso.ssoAuth, { body: input, skipErrorHandler: true, signal }),
      ),
    },
  };
}
