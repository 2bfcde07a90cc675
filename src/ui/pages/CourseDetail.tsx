import { Callout, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { courseDetail, courseUnits, type CourseItem } from '../app/course-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useSessionUser } from '../app/hooks.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { CourseFacts, CourseProgress } from '../components/course/CourseCard.tsx';
import { UnitAccess } from '../components/course/UnitAccess.tsx';
import { StatementMarkdown } from '../components/practice/StatementMarkdown.tsx';
import '../components/course/course.css';

/**
 * /course/detail?id= (issue 9 item 2): a course — its notes, its units in order (第N单元) with
 * the member's progress in each, and what a paid unit costs; a unit opens /chapter/detail.
 */
export default function CourseDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  if (id === 0) {
    return (
      <section className="xa-screen" aria-labelledby="screen-courseDetail">
        <h1 id="screen-courseDetail" className="xa-screen-title">
          {t('pages.courseDetail.title')}
        </h1>
        <EmptyState title={t('course.noId')} description={t('course.noIdHint')} />
        <Link to="/course/list">{t('course.backToList')}</Link>
      </section>
    );
  }
  return <Detail id={id} />;
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const course = useQuery(courseDetail(useRuntime(), id));
  return (
    <section className="xa-screen" aria-labelledby="screen-courseDetail">
      <QueryStatus state={course} failedTitle={t('course.detailFailed')}>
        {(item) => (
          <>
            <Head course={item} />
            <Units course={item} />
            {item.notes && (
              <section className="xa-section" aria-labelledby="course-notes">
                <h2 id="course-notes">{t('course.notes')}</h2>
                <StatementMarkdown markdown={item.notes} />
              </section>
            )}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Head({ course }: { course: CourseItem }) {
  const { t } = useTranslation();
  const loggedIn = useSessionUser() !== null;
  return (
    <div className="xa-course-head">
      <div className="xa-course-cover" aria-hidden>
        {course.coverUrl ? (
          <img src={course.coverUrl} alt="" />
        ) : (
          <span className="xa-course-cover-text">{course.title.slice(0, 2)}</span>
        )}
      </div>
      <div className="xa-course-head-facts">
        <h1 id="screen-courseDetail" className="xa-screen-title">
          {course.title}
        </h1>
        <p>{course.summary}</p>
        <CourseFacts course={course} />
        {loggedIn ? (
          <CourseProgress solved={course.solvedCount} total={course.questionCount} />
        ) : (
          <Callout intent="primary" compact>
            {t('course.loginForProgress')}
          </Callout>
        )}
      </div>
    </div>
  );
}

function Units({ course }: { course: CourseItem }) {
  const { t } = useTranslation();
  const units = useQuery(courseUnits(useRuntime(), course.id));
  const loggedIn = useSessionUser() !== null;
  return (
    <section className="xa-section" aria-labelledby="course-units">
      <h2 id="course-units">{t('course.units')}</h2>
      <QueryStatus state={units} failedTitle={t('course.unitsFailed')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('course.noUnits')} description={t('course.noUnitsHint')} />
          ) : (
            <HTMLTable className="xa-table xa-course-units" striped data-testid="course-units">
              <thead>
                <tr>
                  <th>{t('course.unit')}</th>
                  <th>{t('course.progress')}</th>
                  <th>{t('course.material')}</th>
                  <th>{t('course.accessColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((u) => (
                  <tr key={u.chapterId} data-testid="course-unit">
                    <td>
                      <span className="xa-course-unit-name">{u.unitName}</span>
                      <Link to={`/chapter/detail?id=${u.chapterId}&courseId=${course.id}`}>
                        {u.title}
                      </Link>
                    </td>
                    <td>
                      {loggedIn
                        ? t('course.solved', { solved: u.solvedCount, total: u.questionCount })
                        : t('course.questionCount', { count: u.questionCount })}
                    </td>
                    <td>
                      {[u.hasPdf && t('course.pdf'), u.hasVideo && t('course.video')]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                    <td>
                      <UnitAccess unit={u} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
    </section>
  );
}
