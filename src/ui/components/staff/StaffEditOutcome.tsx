import { useSelector } from '@xstate/react';
import { useRuntime } from '../../app/context.ts';
import { outcomeIsHere, type StaffWrite } from '../../../machines/staff-edit/machine.ts';

/**
 * What the server refused of the last back-office write made by a button rather than a form
 * (publish, bind a teacher, a control, a quit decision), shown where it was asked and only on
 * the screen that asked it (issue 25 item 3): moving to another screen leaves it behind. A
 * success is told by a transient toast (the runtime's `saved`), not here.
 * `besideForm`: the screen also has a StaffForm, which shows the refusals that name fields.
 * `of`: only the writes this place made (a row's buttons: the row's id), so the refusal shows
 * next to the button pressed.
 */
export function StaffEditOutcome({
  besideForm = false,
  of,
}: {
  besideForm?: boolean;
  of?: (write: StaffWrite) => boolean;
}) {
  const { staffEdit } = useRuntime().actors;
  // Beside a StaffForm, a refusal naming fields shows under those fields instead.
  const failed = useSelector(staffEdit, (s) =>
    s.matches('failed') &&
    outcomeIsHere(s.context) &&
    !(besideForm && s.context.fieldErrors.length > 0) &&
    (!of || (s.context.last !== null && of(s.context.last)))
      ? s.context.error
      : null,
  );
  return failed ? (
    <p className="xa-field-error" role="alert" data-testid="staff-edit-outcome">
      {failed.message}
    </p>
  ) : null;
}
