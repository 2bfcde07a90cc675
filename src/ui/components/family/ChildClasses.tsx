import { Card, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { childGrades } from '../../app/family-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../EmptyState.tsx';
import { GradeFacts } from '../grade/GradeFacts.tsx';
import { Pager } from '../Pager.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import '../grade/grade.css';

/**
 * A child's classes as the parent sees them (issue 25 item 11): each class the child is in, with
 * the facts its detail page shows (teachers, schedule, period, lessons). Enrolling, paying and
 * quitting a class are the child's; the class's orders are on the orders tab.
 */
export function ChildClasses({ child }: { child: number }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const classes = useQuery(childGrades(useRuntime(), child, page));
  return (
    <QueryStatus state={classes} failedTitle={t('grade.mine.failed')}>
      {(found) =>
        found.content.length === 0 ? (
          <EmptyState
            title={t('family.classes.empty')}
            description={t('family.classes.emptyHint')}
          />
        ) : (
          <div data-testid="child-classes">
            {found.content.map((grade) => (
              <Card key={grade.id} className="xa-section" data-testid={`child-class-${grade.id}`}>
                <H3>{grade.name}</H3>
                <GradeFacts grade={grade} />
              </Card>
            ))}
            <Pager
              page={page}
              totalPages={found.totalPages}
              totalElements={found.totalElements}
              onChange={setPage}
            />
          </div>
        )
      }
    </QueryStatus>
  );
}
