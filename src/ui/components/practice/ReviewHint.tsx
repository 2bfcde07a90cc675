import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Shown above the answer in review mode: what a correction (订正) is and what it leaves alone. */
export function ReviewHint() {
  const { t } = useTranslation();
  return (
    <Callout
      compact
      intent="primary"
      icon="edit"
      title={t('practice.review.mode')}
      data-testid="review-hint"
    >
      {t('practice.review.hint')}
    </Callout>
  );
}
