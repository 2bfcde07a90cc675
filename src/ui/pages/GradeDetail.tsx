import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import { gradeDetail, gradeNotes } from '../app/grade-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { GradeEnrollment } from '../components/grade/GradeEnrollment.tsx';
import { GradeChapters } from '../components/grade/GradeChapters.tsx';
import { GradeFacts } from '../components/grade/GradeFacts.tsx';
import '../components/grade/grade.css';

/**
 * /grade/detail?id= (issue 8 item 5), reached from the home page's class cards: the class, its
 * teachers, schedule, seats and fee, its notes and courses, and the caller's enrollment — enroll,
 * pay through the checkout, cancel or apply to quit, as the order's lifecycle allows.
 */
export default function GradeDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  if (id === 0) {
    return (
      <section className="xa-screen" aria-labelledby="screen-gradeDetail">
        <h1 id="screen-gradeDetail" className="xa-screen-title">
          {t('pages.gradeDetail.title')}
        </h1>
        <EmptyState title={t('grade.detail.noId')} description={t('grade.detail.noIdHint')} />
      </section>
    );
  }
  return <Detail id={id} />;
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const grade = useQuery(gradeDetail(useRuntime(), id));
  return (
    <section className="xa-screen" aria-labelledby="screen-gradeDetail">
      <QueryStatus state={grade} failedTitle={t('grade.detail.failed')}>
        {(item) => (
          <>
            <h1 id="screen-gradeDetail" className="xa-screen-title">
              {item.name}
            </h1>
            <GradeFacts grade={item} />
            <GradeEnrollment grade={item} />
            <Notes id={item.id} />
            <GradeChapters grade={item} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Notes({ id }: { id: number }) {
  const { t } = useTranslation();
  const notes = useQuery(gradeNotes(useRuntime(), id));
  return (
    <section className="xa-section" aria-labelledby="grade-notes">
      <h2 id="grade-notes">{t('grade.detail.notes')}</h2>
      <QueryStatus state={notes} failedTitle={t('grade.detail.failed')}>
        {(n) => (
          <div className="xa-grade-notes" data-testid="grade-notes">
            {n.notes || t('grade.detail.noNotes')}
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
