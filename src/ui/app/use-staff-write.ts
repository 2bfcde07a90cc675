import { useCallback } from 'react';
import { submitStaffWrite } from '../../machines/staff-edit/events.ts';
import type { StaffWriteBody, StaffWriteCall } from '../../machines/staff-edit/machine.ts';
import { useRuntime } from './context.ts';

/**
 * The screen's way to make a staff write: `write('edms.activity.update', { id, title })`, the
 * body typed by the call (src/machines/staff-edit/events.ts).
 */
export function useStaffWrite() {
  const { staffEdit } = useRuntime().actors;
  return useCallback(
    <C extends StaffWriteCall>(call: C, body: StaffWriteBody<NoInfer<C>>) =>
      submitStaffWrite(staffEdit, call, body),
    [staffEdit],
  );
}
