import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The small 编辑 button of a back-office row, which opens the row's form. */
export function EditButton({
  onClick,
  disabled,
  testId,
}: {
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="outlined"
      text={t('staff.edit')}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    />
  );
}

/**
 * The small red 删除 button of a back-office row; what a click does (ask first, or write at
 * once) is the screen's. Disabled while a staff write is in flight, so a row is not sent twice.
 */
export function DeleteButton({
  onClick,
  busy,
  testId,
}: {
  onClick: () => void;
  busy: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="outlined"
      intent="danger"
      disabled={busy}
      text={t('staff.delete')}
      onClick={onClick}
      data-testid={testId}
    />
  );
}
