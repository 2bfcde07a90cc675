import { AnchorButton, Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  chapterDetail,
  chapterQuestions,
  courseUnits,
  type ChapterDetail,
} from '../app/course-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { UnitAccess } from '../components/course/UnitAccess.tsx';
import { DifficultyTag, InlineTitle } from '../components/practice/QuestionLabels.tsx';
import { VerdictTag } from '../components/practice/ResultView.tsx';
import { StatementMarkdown } from '../components/practice/StatementMarkdown.tsx';
import '../components/course/course.css';

/**
 * /chapter/detail?id=&courseId= (issue 9 item 2; outside the global layout,
 * docs/product-rules.md#screens-and-routes): one unit — its notes, its material (a video link, a
 * PDF handout opened in /pdfPreview), its questions with the member's status on each, and the
 * previous and next units of the course.
 * A paid unit the member has not opened shows its notes and how to open it, nothing more.
 */
export default function ChapterDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const courseId = useIdParam('courseId');
  if (id === 0) {
    return (
      <div className="xa-chapter-page">
        <h1 className="xa-screen-title">{t('pages.chapterDetail.title')}</h1>
        <EmptyState title={t('course.chapter.noId')} description={t('course.chapter.noIdHint')} />
        <Link to="/course/list">{t('course.backToList')}</Link>
      </div>
    );
  }
  return <Unit key={id} id={id} courseId={courseId} />;
}

function Unit({ id, courseId }: { id: number; courseId: number }) {
  const { t } = useTranslation();
  const chapter = useQuery(chapterDetail(useRuntime(), id));
  return (
    <article className="xa-chapter-page" aria-labelledby="screen-chapterDetail">
      <QueryStatus state={chapter} failedTitle={t('course.chapter.failed')}>
        {(c) => (
          <>
            <UnitBar chapter={c} courseId={courseId} />
            {c.notes && <StatementMarkdown markdown={c.notes} />}
            {c.access === 'locked' ? (
              <Callout intent="warning" title={t('course.chapter.lockedTitle')} role="status">
                <p>{t('course.chapter.lockedHint')}</p>
                <UnitAccess unit={{ ...c, chapterId: c.id }} />
              </Callout>
            ) : (
              <>
                <Material chapter={c} />
                <Questions id={c.id} />
              </>
            )}
            {courseId > 0 && <PrevNext courseId={courseId} chapterId={c.id} />}
          </>
        )}
      </QueryStatus>
    </article>
  );
}

function UnitBar({ chapter, courseId }: { chapter: ChapterDetail; courseId: number }) {
  const { t } = useTranslation();
  const units = useQuery(courseUnits(useRuntime(), courseId));
  const unit = courseId > 0 ? units.data?.find((u) => u.chapterId === chapter.id) : undefined;
  return (
    <div className="xa-chapter-bar">
      <Link to={courseId > 0 ? `/course/detail?id=${courseId}` : '/course/list'}>
        {courseId > 0 ? t('course.chapter.backToCourse') : t('course.backToList')}
      </Link>
      <h1 id="screen-chapterDetail" className="xa-screen-title">
        {unit ? `${unit.unitName} ${chapter.title}` : chapter.title}
      </h1>
      <span>{t('course.questionCount', { count: chapter.questionCount })}</span>
    </div>
  );
}

function Material({ chapter }: { chapter: ChapterDetail }) {
  const { t } = useTranslation();
  if (!chapter.videoUrl && !chapter.pdfUrl) return null;
  return (
    <section className="xa-section" aria-labelledby="chapter-material">
      <h2 id="chapter-material">{t('course.material')}</h2>
      <div className="xa-chapter-material">
        {chapter.pdfUrl && (
          // The handout is the unit's material: opened through the signed URL the unit gave.
          <Link
            className="bp6-button bp6-intent-primary"
            to={`/pdfPreview?url=${encodeURIComponent(chapter.pdfUrl)}`}
          >
            {t('course.chapter.openPdf')}
          </Link>
        )}
        {chapter.pdfUrl && (
          <AnchorButton href={chapter.pdfUrl} download text={t('course.chapter.downloadPdf')} />
        )}
        {chapter.videoUrl && (
          <AnchorButton
            href={chapter.videoUrl}
            target="_blank"
            rel="noopener noreferrer"
            text={t('course.chapter.openVideo')}
          />
        )}
      </div>
    </section>
  );
}

function Questions({ id }: { id: number }) {
  const { t } = useTranslation();
  const questions = useQuery(chapterQuestions(useRuntime(), id));
  return (
    <section className="xa-section" aria-labelledby="chapter-questions">
      <h2 id="chapter-questions">{t('course.chapter.questions')}</h2>
      <QueryStatus state={questions} failedTitle={t('course.chapter.questionsFailed')}>
        {(page) =>
          page.content.length === 0 ? (
            <EmptyState
              title={t('course.chapter.noQuestions')}
              description={t('course.chapter.noQuestionsHint')}
            />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="chapter-questions">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('course.chapter.question')}</th>
                  <th>{t('course.chapter.difficulty')}</th>
                  <th>{t('course.chapter.status')}</th>
                </tr>
              </thead>
              <tbody>
                {page.content.map((q) => (
                  <tr key={q.id} data-testid="chapter-question" data-solved={q.solved}>
                    <td>{q.position}</td>
                    <td>
                      <Link to={`/question/detail?id=${q.id}`}>
                        <InlineTitle text={q.title} />
                      </Link>{' '}
                      <Tag minimal>{t(`course.chapter.type.${q.type}`)}</Tag>
                    </td>
                    <td>
                      <DifficultyTag difficulty={q.difficulty} />
                    </td>
                    <td>
                      {q.solved ? (
                        <Tag intent="success">{t('course.chapter.solved')}</Tag>
                      ) : q.latest ? (
                        <VerdictTag verdict={q.latest.verdict} />
                      ) : (
                        <span className="xa-muted">{t('course.chapter.untried')}</span>
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

function PrevNext({ courseId, chapterId }: { courseId: number; chapterId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const units = useQuery(courseUnits(useRuntime(), courseId));
  const list = units.data ?? [];
  const at = list.findIndex((u) => u.chapterId === chapterId);
  if (at < 0) return null;
  const go = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(target));
    void navigate(`/chapter/detail?${next.toString()}`);
  };
  const prev = list[at - 1];
  const next = list[at + 1];
  return (
    <nav className="xa-chapter-nav" aria-label={t('course.chapter.unitNav')}>
      {prev ? (
        <Button
          variant="outlined"
          text={t('course.chapter.prev', { unit: `${prev.unitName} ${prev.title}` })}
          onClick={() => go(prev.chapterId)}
        />
      ) : (
        <span />
      )}
      {next && (
        <Button
          intent="primary"
          text={t('course.chapter.next', { unit: `${next.unitName} ${next.title}` })}
          onClick={() => go(next.chapterId)}
        />
      )}
    </nav>
  );
}
