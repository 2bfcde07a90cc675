import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';

/**
 * The last back-office write's outcome, for writes made by a button rather than a form (publish,
 * bind a teacher, a control, a quit decision): what the server refused, or that it is saved.
 * `besideForm`: the screen also has a StaffForm, which shows the refusals that name fields.
 */
export function StaffEditOutcome({ besideForm = false }: { besideForm?: boolean }) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  // Beside a StaffForm, a refusal naming fields shows under those fields instead.
  const failed = useSelector(staffEdit, (s) =>
    s.matches('failed') && !(besideForm && s.context.fieldErrors.length > 0)
      ? s.context.error
      : null,
  );
  const done = useSelector(staffEdit, (s) => s.matches('done'));
  if (failed) {
    return (
      <p className="xa-field-error" role="alert" data-testid="staff-edit-outcome">
        {failed.message}
      </p>
    );
  }
  return done ? (
    <p className="xa-muted" role="status" data-testid="staff-edit-outcome">
      {t('staff.saved')}
    </p>
  ) : null;
}
