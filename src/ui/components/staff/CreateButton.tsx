import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The small 新建 button a back-office list puts beside its title. */
export function CreateButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
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
