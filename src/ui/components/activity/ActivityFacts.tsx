import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '../../../contract/activity/calls.ts';
import { formatDateTime, formatFen } from '../../format.ts';

/** What a learner weighs before enrolling: the window, the fee, places, kind and phase. */
export function ActivityFacts({ activity }: { activity: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <div className="xa-activity-facts" data-testid="activity-facts">
      <Tag minimal intent={activity.phase === 'running' ? 'success' : 'none'}>
        {t(`activity.phase.${activity.phase}`)}
      </Tag>{' '}
      <Tag minimal>{t(`activity.kind.${activity.kind}`)}</Tag>{' '}
      <span>
        {t('activity.window', {
          from: at(activity.startAt),
          to: at(activity.stoppedAt ?? activity.endAt),
        })}
      </span>{' '}
      <strong>
        {activity.priceFen === 0
          ? t('activity.free')
          : t('format.price', { amount: formatFen(activity.priceFen) })}
      </strong>
      {activity.seatsLeft !== null && (
        <span className="xa-muted">
          {' '}
          · {t('activity.seatsLeft', { count: activity.seatsLeft })}
        </span>
      )}
      <span className="xa-muted">
        {' '}
        · {t('activity.enrolledCount', { count: activity.enrolledCount })}
      </span>
      {activity.kind === 'contest' && (
        <span className="xa-muted">
          {' '}
          ·{' '}
          {t('activity.questionLine', {
            count: activity.questionCount,
            score: activity.totalScore,
          })}
        </span>
      )}
      {activity.organizationName && (
        <span className="xa-muted"> · {activity.organizationName}</span>
      )}
    </div>
  );
}
