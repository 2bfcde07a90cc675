import { Card, Elevation, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CoursePage } from '../../app/course-queries.ts';

type CourseListItem = CoursePage['content'][number];

/** Solved over total as a 0–1 fraction for a progress bar (0 for an empty course). */
const progressOf = (solved: number, total: number) => (total === 0 ? 0 : solved / total);

/** One course in a list: cover, title, summary, tags, units, and the member's progress. */
export function CourseCard({ course, loggedIn }: { course: CourseListItem; loggedIn: boolean }) {
  const href = `/course/detail?id=${course.id}`;
  return (
    <Card elevation={Elevation.ONE} className="xa-course-card" data-testid="course-card">
      <Link to={href} className="xa-course-cover" aria-hidden tabIndex={-1}>
        {course.coverUrl ? (
          <img src={course.coverUrl} alt="" loading="lazy" />
        ) : (
          <span className="xa-course-cover-text">{course.title.slice(0, 2)}</span>
        )}
      </Link>
      <h3>
        <Link to={href}>{course.title}</Link>
      </h3>
      <p className="xa-course-summary">{course.summary}</p>
      <CourseFacts course={course} />
      {loggedIn && course.questionCount > 0 && (
        <CourseProgress solved={course.solvedCount} total={course.questionCount} />
      )}
    </Card>
  );
}

type CourseFactsOf = Pick<
  CourseListItem,
  'campLevel' | 'level' | 'tags' | 'unitCount' | 'questionCount' | 'organizationName'
>;

/** A course's GESP level, level and tags, then its size and owner. */
export function CourseFacts({ course }: { course: CourseFactsOf }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="xa-course-tags">
        {course.campLevel !== null && (
          <Tag intent="warning" minimal>
            {t('course.campLevel', { level: course.campLevel })}
          </Tag>
        )}
        {course.level && <Tag minimal>{course.level}</Tag>}
        {course.tags.map((tag) => (
          <Tag key={tag} minimal intent="primary">
            {tag}
          </Tag>
        ))}
      </div>
      <p className="xa-course-meta">
        {t('course.unitsAndQuestions', {
          units: course.unitCount,
          questions: course.questionCount,
        })}
        {course.organizationName && ` · ${course.organizationName}`}
      </p>
    </>
  );
}

/** Solved over total as a bar and in words. */
export function CourseProgress({ solved, total }: { solved: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="xa-course-progress" data-testid="course-progress">
      <ProgressBar
        value={progressOf(solved, total)}
        stripes={false}
        intent="success"
        aria-label={t('course.progressLabel')}
      />
      <span>{t('course.solved', { solved, total })}</span>
    </div>
  );
}
