/**
 * The output of the invoked actor whose done event entered the current state, for an invoke's
 * `input` (xstate types that event as one of the machine's own, which it is not). Checked at
 * run time like `assertEvent`: entering the state any other way is a programming error.
 */
import type { DoneActorEvent, EventObject } from 'xstate';
import type { ValidationResult } from './login/validation.ts';

export function doneOutput<T>(event: EventObject, actorId: string): T {
  if (event.type !== `xstate.done.actor.${actorId}`) {
    throw new Error(`expected the done event of ${actorId}, got ${event.type}`);
  }
  return (event as DoneActorEvent<T>).output;
}

/** What the validating actor that moved the machine on to its call accepted. */
export function validatedBy<T>(event: EventObject, actorId: string): T {
  const output = doneOutput<ValidationResult<T>>(event, actorId);
  if (!output.ok) throw new Error(`${actorId}: the call was entered without a valid input`);
  return output.value;
}
