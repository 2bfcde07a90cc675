import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GradeItem } from '../../../contract/grade/grades.ts';
import { useRuntime } from '../../app/context.ts';
import { useSessionUser } from '../../app/hooks.ts';
import { gradeChapterQuestions, gradeChapters, gradeCourse } from '../../app/grade-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';

/**
 * The chapters a class follows (its syllabus), in order, each with what the member has solved;
 * a logged-in member opens one to see its questions and go to practise them.
 */
export function GradeChapters({ grade }: { grade: GradeItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const chapters = useQuery(gradeChapters(runtime, grade.id));
  const course = useQuery(gradeCourse(runtime, grade.id));
  // Subscribed, so logging in from this page opens the chapters' progress at once.
  const loggedIn = useSessionUser() !== null;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="xa-section" aria-labelledby="grade-courses">
      <h2 id="grade-courses">{t('grade.detail.courses')}</h2>
      {course.data && (
        <p data-testid="grade-course">
          {t('grade.detail.followsCourse')}
          <Link to={`/course/detail?id=${course.data.id}`}>{course.data.title}</Link>
        </p>
      )}
      <QueryStatus state={chapters} failedTitle={t('grade.detail.chaptersFailed')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title={t('grade.detail.noCourses')}
              description={t('grade.detail.noCoursesHint')}
            />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="grade-chapters">
              <tbody>
                {list.map((c) => (
                  <tr key={c.id}>
                    <td>
                      {t('grade.detail.chapterTitle', { position: c.position, title: c.title })}
                      {open === c.id && <ChapterQuestions gradeId={grade.id} chapterId={c.id} />}
                    </td>
                    <td>
                      {loggedIn
                        ? t('grade.detail.solved', {
                            solved: c.solvedCount,
                            total: c.questionCount,
                          })
                        : t('grade.detail.questionCount', { count: c.questionCount })}
                    </td>
                    <td>
                      {loggedIn && (
                        <Button
                          size="small"
                          variant="minimal"
                          text={open === c.id ? t('grade.detail.fold') : t('grade.detail.open')}
                          onClick={() => setOpen(open === c.id ? null : c.id)}
                        />
                      )}
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

function ChapterQuestions({ gradeId, chapterId }: { gradeId: number; chapterId: number }) {
  const { t } = useTranslation();
  const questions = useQuery(gradeChapterQuestions(useRuntime(), gradeId, chapterId));
  return (
    <QueryStatus state={questions} failedTitle={t('grade.detail.chaptersFailed')}>
      {(page) => (
        <ol className="xa-grade-questions">
          {page.content.map((q) => (
            <li key={q.id}>
              <Link to={`/question/detail?id=${q.id}`}>
                <InlineTitle text={q.title} />
              </Link>{' '}
              {q.solved && (
                <Tag minimal intent="success">
                  {t('grade.detail.done')}
                </Tag>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryStatus>
  );
}
