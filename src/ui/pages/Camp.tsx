import { Card, Elevation, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRuntime } from '../app/context.ts';
import {
  chapterQuestions,
  coursePage,
  courseUnits,
  type CoursePage,
} from '../app/course-queries.ts';
import { useSessionUser } from '../app/hooks.ts';
import { useQuery } from '../app/use-query.ts';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { CourseProgress } from '../components/course/CourseCard.tsx';
import { SolutionLink, useSolutionsByQuestion } from '../components/course/solutions.tsx';
import '../components/course/course.css';
import { InlineTitle } from '../components/practice/QuestionLabels.tsx';

/** The GESP levels (1–8) the camp is laid out by. */
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

type CampCourse = CoursePage['content'][number];

/**
 * /camp (issue 9 item 2): the GESP training camp, level by level — each level's courses and
 * their question sets (units) with the learner's progress, and the solution write-ups of their
 * questions (shown as the card rights allow, /camp/answer/detail/:id). Levels without a course
 * say so.
 */
export default function CampPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const courses = useQuery(coursePage(runtime, { camp: true }, 0, 100));
  return (
    <section className="xa-screen" aria-labelledby="screen-camp">
      <h1 id="screen-camp" className="xa-screen-title">
        {t('pages.camp.title')}
      </h1>
      <p className="xa-muted">{t('camp.intro')}</p>
      <QueryStatus state={courses} failedTitle={t('course.listFailed')}>
        {(page) => (
          <div className="xa-camp-levels" data-testid="camp-levels">
            {LEVELS.map((level) => (
              <Level
                key={level}
                level={level}
                courses={page.content.filter((c) => c.campLevel === level)}
              />
            ))}
          </div>
        )}
      </QueryStatus>
    </section>
  );
}

function Level({ level, courses }: { level: number; courses: CampCourse[] }) {
  const { t } = useTranslation();
  const loggedIn = useSessionUser() !== null;
  const solved = courses.reduce((n, c) => n + c.solvedCount, 0);
  const total = courses.reduce((n, c) => n + c.questionCount, 0);
  return (
    <Card elevation={Elevation.ONE} data-testid={`camp-level-${level}`}>
      <h2>{t('course.campLevel', { level })}</h2>
      {courses.length === 0 ? (
        <p className="xa-muted">{t('camp.notYet')}</p>
      ) : (
        <>
          {loggedIn && total > 0 && <CourseProgress solved={solved} total={total} />}
          {courses.map((c) => (
            <CampCourseUnits key={c.id} course={c} />
          ))}
        </>
      )}
    </Card>
  );
}

function CampCourseUnits({ course }: { course: CampCourse }) {
  const { t } = useTranslation();
  const units = useQuery(courseUnits(useRuntime(), course.id));
  const loggedIn = useSessionUser() !== null;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section>
      <h3>
        <Link to={`/course/detail?id=${course.id}`}>{course.title}</Link>
      </h3>
      <p className="xa-muted">{course.summary}</p>
      <QueryStatus state={units} failedTitle={t('course.unitsFailed')}>
        {(list) => (
          <ul className="xa-camp-units">
            {list.map((u) => (
              <li key={u.chapterId}>
                <button
                  type="button"
                  className="bp6-button bp6-minimal bp6-small"
                  aria-expanded={open === u.chapterId}
                  onClick={() => setOpen(open === u.chapterId ? null : u.chapterId)}
                >
                  {u.title}
                </button>{' '}
                {loggedIn ? (
                  <Tag minimal intent={u.solvedCount === u.questionCount ? 'success' : 'none'}>
                    {t('course.solved', { solved: u.solvedCount, total: u.questionCount })}
                  </Tag>
                ) : (
                  <Tag minimal>{t('course.questionCount', { count: u.questionCount })}</Tag>
                )}
                {open === u.chapterId &&
                  (loggedIn ? (
                    <UnitQuestions chapterId={u.chapterId} courseId={course.id} />
                  ) : (
                    <p className="xa-muted">{t('camp.loginToPractise')}</p>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}

function UnitQuestions({ chapterId, courseId }: { chapterId: number; courseId: number }) {
  const { t } = useTranslation();
  const questions = useQuery(chapterQuestions(useRuntime(), chapterId));
  const solutions = useSolutionsByQuestion();
  return (
    <QueryStatus state={questions} failedTitle={t('course.chapter.questionsFailed')}>
      {(page) => (
        <HTMLTable className="xa-table" compact data-testid="camp-questions">
          <tbody>
            {page.content.map((q) => (
              <tr key={q.id}>
                <td>
                  <Link to={`/question/detail?id=${q.id}`}>
                    <InlineTitle text={q.title} />
                  </Link>
                </td>
                <td>
                  {q.solved ? (
                    <Tag minimal intent="success">
                      {t('course.chapter.solved')}
                    </Tag>
                  ) : (
                    <span className="xa-muted">{t('course.chapter.untried')}</span>
                  )}
                </td>
                <td>
                  <SolutionLink solution={solutions.get(q.id)} />
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={3}>
                <Link to={`/chapter/detail?id=${chapterId}&courseId=${courseId}`}>
                  {t('camp.openUnit')}
                </Link>
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      )}
    </QueryStatus>
  );
}
