/** Registration's effects: registerByPwd and the captcha, with the form validator on first use. */
import { fromPromise } from 'xstate';
import { accounts } from '../../contract/accounts/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import { captchaLoader, loadFormValidation } from '../login/implementations.ts';
import type { registerMachine } from './machine.ts';

export function createRegisterImplementations({
  transport,
}: {
  transport: Transport;
}): FeatureImplementations<typeof registerMachine> {
  return {
    actors: {
      validateRegistration: fromPromise(async ({ input }) =>
        (await loadFormValidation()).validateRegistration(input),
      ),
      // Failures show inside the form, so they skip the notification.
      register: fromPromise(({ input, signal }) =>
        transport.call(accounts.registerByPwd, { body: input, skipErrorHandler: true, signal }),
      ),
      loadCaptcha: captchaLoader(transport),
    },
  };
}
