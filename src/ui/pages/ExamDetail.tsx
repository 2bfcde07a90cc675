import { Button, HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ExamItem } from '../../contract/exam/exams.ts';
import { hasReport, isAnswering } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { useRuntime } from '../app/context.ts';
import { examDetail, examNotes, mineEnrollment, type MineEnrollment } from '../app/exam-queries.ts';
import { useOpenLoginDialog, useSession } from '../app/hooks.ts';
import { useQuery } from '../app/use-query.ts';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { EnrollmentCard } from '../components/EnrollmentCard.tsx';
import { ExamFacts } from '../components/exam/ExamFacts.tsx';
import '../components/exam/exam.css';

/** /exam/detail?id= (issue 7 item 6): the exam, its rules and papers; enroll, pay, start. */
export default function ExamDetailPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const exam = useQuery(examDetail(runtime, Number.isInteger(id) && id > 0 ? id : 0));
  return (
    <section className="xa-screen" aria-labelledby="screen-examDetail">
      <QueryStatus state={exam} failedTitle={t('exam.detail.failed')}>
        {(item) => (
          <>
            <h1 id="screen-examDetail" className="xa-screen-title">
              {item.name}
            </h1>
            <ExamFacts exam={item} />
            {item.description && <p>{item.description}</p>}
            <MyEnrollment exam={item} />
            <Papers exam={item} />
            <Notes id={item.id} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Notes({ id }: { id: number }) {
  const { t } = useTranslation();
  const notes = useQuery(examNotes(useRuntime(), id));
  return (
    <section className="xa-section" aria-labelledby="exam-notes">
      <h2 id="exam-notes">{t('exam.detail.notes')}</h2>
      <QueryStatus state={notes} failedTitle={t('exam.detail.failed')}>
        {(n) => <div className="xa-exam-notes">{n.notes || t('exam.detail.noNotes')}</div>}
      </QueryStatus>
    </section>
  );
}

function Papers({ exam }: { exam: ExamItem }) {
  const { t } = useTranslation();
  return (
    <section className="xa-section" aria-labelledby="exam-papers">
      <h2 id="exam-papers">{t('exam.detail.papers')}</h2>
      <HTMLTable className="xa-table" striped>
        <tbody>
          {exam.papers.map((p) => (
            <tr key={p.examPaperId}>
              <td>{p.name}</td>
              <td className="xa-muted">
                {t('exam.detail.paperLine', {
                  count: p.questionCount,
                  score: p.totalScore,
                  minutes: exam.durationMinutes ?? p.durationMinutes,
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** The member's place in the exam and what they can do next. */
function MyEnrollment({ exam }: { exam: ExamItem }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const openLogin = useOpenLoginDialog();
  if (!user) {
    return (
      <div className="xa-exam-actions">
        <Button
          intent="primary"
          text={t('exam.detail.loginToEnroll')}
          onClick={() => openLogin()}
        />
      </div>
    );
  }
  return <Enrollment exam={exam} />;
}

function Enrollment({ exam }: { exam: ExamItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { actors } = runtime;
  const mine = useQuery(mineEnrollment(runtime, exam.id));
  const enrolling = useSelector(actors.examEnroll, (s) => s.matches('enrolling'));
  const enrollError = useSelector(actors.examEnroll, (s) =>
    s.context.examId === exam.id ? s.context.error : null,
  );
  return (
    <QueryStatus state={mine} failedTitle={t('exam.detail.failed')}>
      {(enrollment) => (
        <EnrollmentCard
          kind="exam"
          order={enrollment?.order ?? null}
          priceFen={exam.priceFen}
          enrolling={enrolling}
          enrollError={enrollError}
          enrollDisabled={exam.phase === 'ended' || exam.phase === 'upcoming'}
          onEnroll={() => actors.examEnroll.send({ type: 'ENROLL', examId: exam.id })}
          actions={({ holds }) =>
            exam.phase === 'upcoming' &&
            !holds && <span className="xa-muted">{t('exam.detail.notOpen')}</span>
          }
        >
          {({ holds }) =>
            holds && enrollment && <PaperActions exam={exam} enrollment={enrollment} />
          }
        </EnrollmentCard>
      )}
    </QueryStatus>
  );
}

function PaperActions({
  exam,
  enrollment,
}: {
  exam: ExamItem;
  enrollment: NonNullable<MineEnrollment>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <HTMLTable className="xa-table" data-testid="exam-papers-actions">
      <tbody>
        {exam.papers.map((p) => {
          const sitting = enrollment.sittings.find((s) => s.examPaperId === p.examPaperId);
          const room = `/exam/room?examId=${exam.id}&examPaperId=${p.examPaperId}`;
          return (
            <tr key={p.examPaperId}>
              <td>{p.name}</td>
              <td>
                {sitting ? t(`exam.sittingState.${sitting.state}`) : t('exam.sittingState.none')}
              </td>
              <td>
                {!sitting && exam.phase === 'running' && (
                  <Button
                    intent="success"
                    text={t('exam.detail.start')}
                    onClick={() => navigate(room)}
                  />
                )}
                {!sitting && exam.phase !== 'running' && (
                  <span className="xa-muted">{t('exam.detail.notStarted')}</span>
                )}
                {sitting && isAnswering(sitting.state) && (
                  <Button
                    intent="success"
                    text={t('exam.detail.resume')}
                    onClick={() => navigate(room)}
                  />
                )}
                {sitting && hasReport(sitting.state) && (
                  <Link to={`/exam/report/enroll?id=${sitting.id}`}>{t('exam.detail.report')}</Link>
                )}
                {sitting && !isAnswering(sitting.state) && !hasReport(sitting.state) && (
                  <span className="xa-muted">{t('exam.detail.waiting')}</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
