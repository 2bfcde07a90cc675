/**
 * How a screen asks for a staff write: the event is built here, typed by its call, so a view
 * never writes `{ type: 'SUBMIT', … }` itself and a body the call does not take is a compile
 * error. The event carries the call's id and the body, as the event log records and replays it.
 */
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { StaffEditEvent, StaffWriteBody, StaffWriteCall } from './machine.ts';

/** The SUBMIT event of a write: `staffWrite('edms.activity.update', { id, title })`. */
export const staffWrite = <C extends StaffWriteCall>(
  call: C,
  body: StaffWriteBody<NoInfer<C>>,
): StaffEditEvent => ({ type: 'SUBMIT', call, body }) as StaffEditEvent;

/** The staff-edit actor, as a screen holds it. */
type StaffEditActor = Pick<ActorRef<Snapshot<unknown>, StaffEditEvent, EventObject>, 'send'>;

/** Sends a write to the staff-edit actor (see staffWrite). */
export const submitStaffWrite = <C extends StaffWriteCall>(
  actor: StaffEditActor,
  call: C,
  body: StaffWriteBody<NoInfer<C>>,
): void => actor.send(staffWrite(call, body));
