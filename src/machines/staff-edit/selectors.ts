/** What screens read of the staff edit actor's snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { CallResult } from '../../contract/call.ts';
import type { Refs } from '../../contract/refs.ts';
import type { StaffWriteCall, staffEditMachine } from './machine.ts';

type StaffEditSnapshot = SnapshotFrom<typeof staffEditMachine>;

/** What a staff write's call answers, from the contract's response schema. */
export type StaffWriteResult<C extends StaffWriteCall> = CallResult<Refs[C]>;

/**
 * The answer of the last write when it is done and was one of `calls`, typed by those calls'
 * response schemas; null otherwise. The machine keeps the answer of the write in `last` (the
 * write actor is the contract's call of that id, ./implementations.ts), so the answer is the
 * named call's: the one place a screen's read of it is typed.
 */
export function selectAnswer<C extends StaffWriteCall>(
  s: StaffEditSnapshot,
  calls: readonly C[],
): StaffWriteResult<C> | null {
  const call = s.context.last?.call;
  if (!s.matches('done') || !calls.some((c) => c === call)) return null;
  return s.context.result as StaffWriteResult<C>;
}
