import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffWriteCall } from '../../../contract/refs.ts';
import { useOperates } from '../../app/use-operates.ts';

/**
 * The small 新建 button a back-office list puts beside its title; shown to a session that may
 * make `call`, the write it leads to.
 */
export function CreateButton({
  call,
  onClick,
  testId,
}: {
  call: StaffWriteCall;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!useOperates().may(call)) return null;
  return (
    <Button
      size="small"
      icon="plus"
      text={t('staff.create')}
      onClick={onClick}
      data-testid={testId}
    />
  );
}
