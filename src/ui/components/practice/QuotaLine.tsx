import { useTranslation } from 'react-i18next';
import type { PracticeQuota } from '../../../machines/practice/types.ts';

/**
 * Beside the submit button: today's submissions left (memberQuestion/queryQuota, read again by
 * the practice machine after each submission). Not shown without a limit (the member's card
 * lifts it) or while the figure is unknown.
 */
export function QuotaLine({ quota }: { quota: PracticeQuota | null }) {
  const { t } = useTranslation();
  if (!quota || quota.limit === null) return null;
  const count = Math.max(0, quota.limit - quota.used);
  return (
    <span className="xa-practice-hint" data-testid="practice-quota" data-left={count}>
      {t('practice.quotaLeft', { count })}
    </span>
  );
}
