/**
 * The login dialog's effects: the login calls (docs/product-rules.md#the-call-catalogue) over the
 * transport, each forwarding the actor's abort signal (leaving a state cancels its request), and
 * the form validators, which need zod and the contract schemas and so load on first use: the
 * first screen must not carry them (docs/decisions/client-and-screens.md, "First-screen JavaScript
 * without zod"); the dialog preloads them with `loadFormValidation`.
 */
import { fromPromise } from 'xstate';
import { accounts } from '../../contract/accounts/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { Captcha, loginDialogMachine } from './machine.ts';

export const loadFormValidation = () => import('./validation.ts');

export interface LoginDeps {
  transport: Transport;
}

/** getImageCaptcha, shared with registration. */
export const captchaLoader = (transport: Transport) =>
  fromPromise<Captcha>(async ({ signal }) => {
    const { captchaId, image } = await transport.call(accounts.getImageCaptcha, {
      query: {},
      signal,
    });
    return { captchaId, image };
  });

export function createLoginImplementations({
  transport,
}: LoginDeps): FeatureImplementations<typeof loginDialogMachine> {
  return {
    actors: {
      validateCredentials: fromPromise(async ({ input }) =>
        (await loadFormValidation()).validateCredentials(input),
      ),
      validateCodeRequest: fromPromise(async ({ input }) =>
        (await loadFormValidation()).validateCodeRequest(input),
      ),
      // Login failures show inside the dialog, so they skip the notification.
      login: fromPromise(({ input, signal }) =>
        input.mode === 'password'
          ? transport.call(accounts.loginByPwd, {
              body: {
                username: input.username,
                password: input.password,
                ...(input.captchaId !== undefined
                  ? { captchaId: input.captchaId, captchaCode: input.captchaCode }
                  : {}),
              },
              skipErrorHandler: true,
              signal,
            })
          : transport.call(accounts.loginByMobile, {
              body: { mobile: input.mobile, code: input.code },
              skipErrorHandler: true,
              signal,
            }),
      ),
      requestCode: fromPromise(({ input, signal }) =>
        transport.call(accounts.getSmsCode, {
          body: { ...input, purpose: 'login' },
          skipErrorHandler: true,
          signal,
        }),
      ),
      loadCaptcha: captchaLoader(transport),
    },
  };
}
