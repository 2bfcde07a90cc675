import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffWriteCall } from '../../../contract/refs.ts';
import { useOperates } from '../../app/use-operates.ts';

/**
 * The small 编辑 button of a back-office row, which opens the row's form; shown to a session
 * that may make `call`, the write the form sends.
 */
export function EditButton({
  call,
  onClick,
  disabled,
  testId,
}: {
  call: StaffWriteCall;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!useOperates().may(call)) return null;
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
 * once) is the screen's. Shown to a session that may make `call`; disabled while a staff write
 * is in flight, so a row is not sent twice.
 */
export function DeleteButton({
  call,
  onClick,
  busy,
  testId,
}: {
  call: StaffWriteCall;
  onClick: () => void;
  busy: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!useOperates().may(call)) return null;
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
