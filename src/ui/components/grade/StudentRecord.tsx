import { Callout, Card, Elevation, ProgressBar, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Page } from '../../../contract/paging.ts';
import { ApiError } from '../../../transport/errors.ts';
import { useRuntime } from '../../app/context.ts';
import {
  studentChapters,
  studentProfile,
  studentSubmissions,
  studentWrongList,
  type StudentProfile,
} from '../../app/grade-queries.ts';
import type { QueryDef } from '../../app/queries.ts';
import type { Runtime } from '../../app/runtime.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';
import { PageSpinner } from '../PageSpinner.tsx';
import './grade.css';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { languageName } from '../practice/language-name.ts';

/**
 * A teacher's view of one student (/chapter/student?memberId=): who they are and their classes,
 * their progress per chapter, their recent submissions and their wrong questions. The server
 * answers only the student's own staff (their teachers, their organization's admin, platform
 * staff); anyone else gets 404, shown here as a plain sentence rather than an empty record.
 */
export function StudentRecord({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const profile = useQuery(studentProfile(useRuntime(), memberId));
  if (profile.data === undefined) {
    if (profile.error === undefined) return <PageSpinner />;
    return <Refused error={profile.error} memberId={memberId} />;
  }
  return (
    <>
      <Profile student={profile.data} />
      <section className="xa-section" aria-labelledby="student-chapters">
        <h2 id="student-chapters">{t('grade.student.chapters')}</h2>
        <Chapters memberId={memberId} />
      </section>
      <section className="xa-section" aria-labelledby="student-wrong">
        <h2 id="student-wrong">{t('grade.student.wrong')}</h2>
        <WrongQuestions memberId={memberId} />
      </section>
      <section className="xa-section" aria-labelledby="student-submissions">
        <h2 id="student-submissions">{t('grade.student.submissions')}</h2>
        <Submissions memberId={memberId} />
      </section>
    </>
  );
}

function Refused({ error, memberId }: { error: unknown; memberId: number }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : null;
  const message =
    code === ErrorCode.NOT_FOUND
      ? t('grade.student.notFound', { id: memberId })
      : code === ErrorCode.FORBIDDEN
        ? t('grade.student.forbidden')
        : error instanceof Error
          ? error.message
          : String(error);
  return (
    <Callout
      intent="danger"
      title={t('grade.student.refused')}
      role="alert"
      data-testid="student-refused"
    >
      {message}
    </Callout>
  );
}

function Profile({ student }: { student: StudentProfile }) {
  const { t } = useTranslation();
  const facts = [
    student.realName && student.realName !== student.nickname ? student.realName : null,
    student.username,
    student.school,
    student.gradeLevel,
    student.studentNo ? t('grade.student.studentNo', { no: student.studentNo }) : null,
  ].filter((x): x is string => Boolean(x));
  return (
    <Card elevation={Elevation.ZERO} data-testid="student-profile">
      <h1 className="xa-screen-title">{student.nickname}</h1>
      <p className="xa-muted">{facts.join(' · ')}</p>
      <div className="xa-grade-meta">
        {student.grades.length === 0 ? (
          <span className="xa-muted">{t('grade.student.noClasses')}</span>
        ) : (
          student.grades.map((g) => (
            <Link key={g.id} to={`/grade/detail?id=${g.id}`}>
              <Tag minimal interactive>
                {g.name}
              </Tag>
            </Link>
          ))
        )}
        {student.tags.map((tag) => (
          <Tag key={tag} minimal intent="primary">
            {tag}
          </Tag>
        ))}
      </div>
    </Card>
  );
}

/**
 * One of the record's paged lists, read for the student a page at a time; its page is in the
 * address under the list's name (`?chapters=2`), which also names its table (`student-chapters`).
 */
function StudentList<T>({
  memberId,
  list,
  query,
  empty,
  headers,
  row,
}: {
  memberId: number;
  list: 'chapters' | 'wrong' | 'submissions';
  query: (runtime: Runtime, memberId: number, page: number) => QueryDef<Page<T>>;
  empty: { title: string; description: string };
  headers: readonly string[];
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam(list);
  const state = useQuery(query(useRuntime(), memberId, page));
  return (
    <PagedTable
      state={state}
      failedTitle={t('grade.student.failed')}
      empty={empty}
      headers={headers}
      testId={`student-${list}`}
      page={page}
      onPage={setPage}
      row={row}
    />
  );
}

function Chapters({ memberId }: { memberId: number }) {
  const { t, i18n } = useTranslation();
  return (
    <StudentList
      memberId={memberId}
      list="chapters"
      query={studentChapters}
      empty={{
        title: t('grade.student.noChapters'),
        description: t('grade.student.noChaptersHint'),
      }}
      headers={[
        t('grade.student.chapter'),
        t('grade.student.progress'),
        t('grade.student.attempted'),
        t('grade.student.wrongCount'),
        t('grade.student.lastAnswered'),
      ]}
      row={(c) => (
        <tr key={c.chapterId} data-testid={`student-chapter-${c.chapterId}`}>
          <td>
            {c.title}{' '}
            {c.organizationId === null && <Tag minimal>{t('grade.student.platformChapter')}</Tag>}
          </td>
          <td className="xa-grade-progress">
            <div>{t('grade.student.solvedOf', { solved: c.solved, total: c.questionCount })}</div>
            <ProgressBar
              animate={false}
              stripes={false}
              intent={c.questionCount > 0 && c.solved === c.questionCount ? 'success' : 'primary'}
              value={c.questionCount === 0 ? 0 : c.solved / c.questionCount}
            />
          </td>
          <td>{c.attempted}</td>
          <td>{c.wrong > 0 ? <Tag intent="danger">{c.wrong}</Tag> : 0}</td>
          <td>{c.lastAnsweredAt ? formatDateTime(c.lastAnsweredAt, i18n.language) : '—'}</td>
        </tr>
      )}
    />
  );
}

function WrongQuestions({ memberId }: { memberId: number }) {
  const { t, i18n } = useTranslation();
  return (
    <StudentList
      memberId={memberId}
      list="wrong"
      query={studentWrongList}
      empty={{ title: t('grade.student.noWrong'), description: t('grade.student.noWrongHint') }}
      headers={[
        t('grade.student.question'),
        t('grade.student.verdict'),
        t('grade.student.score'),
        t('grade.student.answeredAt'),
      ]}
      row={(a) => (
        <tr key={a.id}>
          <td>
            <QuestionTitle title={a.questionTitle} />
          </td>
          <td>{a.verdict ? <Verdict verdict={a.verdict} /> : '—'}</td>
          <td>{scoreText(a)}</td>
          <td>{formatDateTime(a.judgedAt ?? a.createdAt, i18n.language)}</td>
        </tr>
      )}
    />
  );
}

function Submissions({ memberId }: { memberId: number }) {
  const { t, i18n } = useTranslation();
  return (
    <StudentList
      memberId={memberId}
      list="submissions"
      query={studentSubmissions}
      empty={{
        title: t('grade.student.noSubmissions'),
        description: t('grade.student.noSubmissionsHint'),
      }}
      headers={[
        t('grade.student.question'),
        t('grade.student.kind'),
        t('grade.student.language'),
        t('grade.student.verdict'),
        t('grade.student.score'),
        t('grade.student.submittedAt'),
      ]}
      row={(a) => (
        <tr key={a.id}>
          <td>
            <QuestionTitle title={a.questionTitle} />
          </td>
          <td>{a.kind === 'review' ? t('grade.student.review') : t('grade.student.submit')}</td>
          <td>{languageName(t, a.language)}</td>
          <td>
            {a.verdict ? (
              <Verdict verdict={a.verdict} />
            ) : (
              <span className="xa-muted">
                {a.status === 'running'
                  ? t('practice.status.runningNoCount')
                  : t(`practice.status.${a.status}`)}
              </span>
            )}
          </td>
          <td>{scoreText(a)}</td>
          <td>{formatDateTime(a.createdAt, i18n.language)}</td>
        </tr>
      )}
    />
  );
}

/** An answer's question: its title, or that it has since been deleted. */
function QuestionTitle({ title }: { title: string | null }) {
  const { t } = useTranslation();
  return title === null ? t('grade.student.deletedQuestion') : <InlineTitle text={title} />;
}

/** An answer's score out of the question's, or a dash before it is judged. */
const scoreText = (a: { score: number | null; maxScore: number | null }) =>
  a.score === null ? '—' : `${a.score} / ${a.maxScore ?? '—'}`;

function Verdict({ verdict }: { verdict: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={verdict === 'AC' ? 'success' : 'danger'}>
      {t(`practice.verdicts.${verdict}` as 'practice.verdicts.AC')}
    </Tag>
  );
}
