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
  loading = false,
}: {
  call: StaffWriteCall;
  onClick: () => void;
  testId?: string;
  /**
   * The form's choices are still loading: its form would open without them (a form keeps the
   * choices it opened with, so that what is typed is never reset under the hand).
   */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  if (!useOperates().may(call)) return null;
  return (
    <Button
      size="small"
      icon="plus"
      text={t('staff.create')}
      onClick={onClick}
      loading={loading}
      data-testid={testId}
    />
  );
}
