import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { StaffWriteCall } from '../../../machines/staff-edit/machine.ts';
import { useRuntime } from '../../app/context.ts';
import { submitStaffWrite } from '../../../machines/staff-edit/events.ts';
import { DeleteButton } from './RowButtons.tsx';

/**
 * Deletes one row through the staff-edit actor once the user confirms, the row named in the
 * question (so a slip of the mouse on a long list loses nothing). The refusal, if any, shows
 * where the screen shows the staff-edit outcome.
 */
export function StaffDeleteButton({
  call,
  id,
  name,
  confirm,
}: {
  call: StaffWriteCall;
  id: number;
  name: string;
  /** The question asked, when the screen has its own wording. */
  confirm?: string;
}) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  return (
    <DeleteButton
      call={call}
      busy={busy}
      onClick={() => {
        if (window.confirm(confirm ?? t('site.confirmDelete', { name }))) {
          submitStaffWrite(staffEdit, call, { id });
        }
      }}
    />
  );
}
