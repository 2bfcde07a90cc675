import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeedItem } from '../../../contract/parent/schemas.ts';
import { useRuntime } from '../../app/context.ts';
import { childFeed } from '../../app/family-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime, formatFen } from '../../format.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/**
 * A child's 动态 (issue 25 item 11): what concerns the child, newest first, derived by the server
 * from the child's records until the platform has messages (docs/decisions/parents.md).
 */
export function ChildFeed({ child }: { child: number }) {
  const { t, i18n } = useTranslation();
  const feed = useQuery(childFeed(useRuntime(), child));
  const line = (item: FeedItem): string => {
    switch (item.kind) {
      case 'homework':
        return t('family.feed.homework', { subject: item.subject, grade: item.gradeName ?? '' });
      case 'homeworkResult':
        return t('family.feed.homeworkResult', {
          subject: item.subject,
          score: item.score,
          max: item.maxScore,
        });
      case 'examResult':
        return t('family.feed.examResult', {
          subject: item.subject,
          score: item.score,
          max: item.maxScore,
        });
      case 'order':
        return t('family.feed.order', {
          subject: item.subject,
          amount: formatFen(item.amountFen ?? 0),
          state: item.stateName ?? '',
        });
      case 'quit':
        return t('family.feed.quit', { subject: item.subject, state: item.stateName ?? '' });
    }
  };
  return (
    <QueryStatus state={feed} failedTitle={t('family.feed.failed')}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState title={t('family.feed.empty')} description={t('family.feed.emptyHint')} />
        ) : (
          <Card className="xa-section">
            <ul className="xa-family-feed" data-testid="child-feed">
              {items.map((item, i) => (
                <li key={`${item.kind}-${item.at}-${i}`} data-kind={item.kind}>
                  <span className="xa-muted">{formatDateTime(item.at, i18n.language)}</span>{' '}
                  {line(item)}
                  {item.reason && (
                    <span className="xa-muted">
                      {' '}
                      {t('family.feed.reason', { reason: item.reason })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <p className="xa-muted">{t('family.feed.note')}</p>
          </Card>
        )
      }
    </QueryStatus>
  );
}
