import { fromPromise } from 'xstate';
import {
  validateCodeRequest,
  validateCredentials,
  validateRegistration,
  type CodeRequest,
  type LoginCredentials,
  type Registration,
  type RegistrationInput,
  type ValidationResult,
} from './login/validation.ts';

/**
 * Events that the xstate runtime itself sends, built by hand for pure-transition tests
 * (`transition(machine, snapshot, event)`). Test-only; not exported from index.ts.
 */
export const doneEvent = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as never;

export const errorEvent = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as never;

/** Resolves after pending promise callbacks (invoked fromPromise actors) have run. */
export const flushPromises = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface AnyAction {
  type: string;
  params?: unknown;
}

/**
 * Events an action list emits. xstate's ExecutableActionsFrom type leaves `xstate.emit` out of
 * its union, so the list is read through a plain shape.
 */
export const emittedBy = (actions: readonly unknown[]): unknown[] =>
  (actions as AnyAction[])
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: unknown }).event);

/** The login dialog's validation actors, as the browser provides them (without lazy loading). */
export const loginValidators = {
  validateCredentials: fromPromise<ValidationResult<LoginCredentials>, LoginCredentials>(
    async ({ input }) => validateCredentials(input),
  ),
  validateCodeRequest: fromPromise<ValidationResult<CodeRequest>, CodeRequest>(async ({ input }) =>
    validateCodeRequest(input),
  ),
};

/** The register machine's validation actor, as the browser provides it. */
export const registerValidators = {
  validateRegistration: fromPromise<ValidationResult<Registration>, RegistrationInput>(
    async ({ input }) => validateRegistration(input),
  ),
};
