/**
 * The login dialog's form validation (src/machines/loginValidation.ts) needs zod and the
 * contract schemas, close to 100 kB that the first screen must not carry (DESIGN.md §5). The
 * machines only declare their validation actors; these implementations load the module on
 * first use, and AppShell loads it together with the dialog, so a submit never waits for it.
 */
import { fromPromise } from 'xstate';
import type {
  CodeRequest,
  LoginCredentials,
  Registration,
  RegistrationInput,
  ValidationResult,
} from '../../machines/loginValidation.ts';

export const loadFormValidation = () => import('../../machines/loginValidation.ts');

/** For loginDialogMachine.provide({ actors }). */
export const lazyLoginValidators = {
  validateCredentials: fromPromise<ValidationResult<LoginCredentials>, LoginCredentials>(
    async ({ input }) => (await loadFormValidation()).validateCredentials(input),
  ),
  validateCodeRequest: fromPromise<ValidationResult<CodeRequest>, CodeRequest>(async ({ input }) =>
    (await loadFormValidation()).validateCodeRequest(input),
  ),
};

/** For registerMachine.provide({ actors }). */
export const lazyRegisterValidators = {
  validateRegistration: fromPromise<ValidationResult<Registration>, RegistrationInput>(
    async ({ input }) => (await loadFormValidation()).validateRegistration(input),
  ),
};
