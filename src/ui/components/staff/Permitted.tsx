import type { ReactNode } from 'react';
import type { StaffOperate, StaffWriteCall } from '../../../contract/refs.ts';
import { useOperates } from '../../app/use-operates.ts';

/**
 * Shows its children only to a session that may make `call` (a button, a toolbar): a role
 * that lacks the operate is not offered what the server would refuse.
 */
export function Permitted({
  call,
  children,
}: {
  call: StaffOperate | StaffWriteCall;
  children: ReactNode;
}) {
  return useOperates().may(call) ? <>{children}</> : null;
}
