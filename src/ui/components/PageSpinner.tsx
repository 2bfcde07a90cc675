import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="xa-page-spinner" role="status" aria-label={t('app.loading')}>
      <Spinner size={32} />
    </div>
  );
}
