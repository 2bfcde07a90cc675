import { Button, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A staff dialog's footer: close it, or save (busy while the write works). */
export function SaveFooter({
  onClose,
  onSave,
  saving,
  disabled,
  testId,
}: {
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  /** Nothing to save yet (the saved list is still loading). */
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <>
          <Button text={t('checkout.close')} onClick={onClose} />
          <Button
            intent="primary"
            text={t('staff.save')}
            loading={saving}
            disabled={disabled}
            onClick={onSave}
            data-testid={testId}
          />
        </>
      }
    />
  );
}
