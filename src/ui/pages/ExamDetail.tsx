import { Button, Callout, Card, Elevation, HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ExamItem } from '../../contract/exam/exams.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { hasReport, isAnswering } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { awaitsPayment, orderStateName } from '../../machines/lifecycles/orders.ts';
import { useRuntime } from '../app/context.ts';
import { examDetail, examNotes, mineEnrollment, type MineEnrollment } from '../app/exam-queries.ts';
import { useOpenLoginDialog, useSession } from '../app/hooks.ts';
import { useQuery } from '../app/use-query.ts';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { QuitNote } from '../components/QuitNote.tsx';
import { ExamFacts } from '../components/exam/ExamFacts.tsx';
import { formatFen } from '../format.ts';
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
      {(enrollment) => {
        const holds = enrollment !== null && HOLDS_PLACE.includes(enrollment.order.state as never);
        const paying = enrollment !== null && awaitsPayment(enrollment.order);
        return (
          <Card elevation={Elevation.ZERO} className="xa-section" data-testid="exam-enrollment">
            {enrollment && (
              <div data-testid="exam-enroll-state">
                {t('exam.detail.enrollState', { state: orderStateName(enrollment.order) })}
              </div>
            )}
            {enrollment && <QuitNote order={enrollment.order} />}
            {enrollError && (
              <Callout intent="danger" role="alert">
                {t('exam.detail.enrollFailed', { message: enrollError.message ?? '' })}
              </Callout>
            )}
            {paying && <Callout intent="warning">{t('exam.detail.payHint')}</Callout>}
            <div className="xa-exam-actions">
              {!holds && !paying && (
                <Button
                  intent="primary"
                  loading={enrolling}
                  disabled={exam.phase === 'ended' || exam.phase === 'upcoming'}
                  text={
                    exam.priceFen === 0
                      ? t('exam.detail.enroll')
                      : t('exam.detail.enrollPaid', {
                          price: t('format.price', { amount: formatFen(exam.priceFen) }),
                        })
                  }
                  onClick={() => actors.examEnroll.send({ type: 'ENROLL', examId: exam.id })}
                />
              )}
              {paying && (
                <>
                  <Button
                    intent="primary"
                    text={t('exam.detail.pay')}
                    onClick={() => actors.checkout.send({ type: 'PAY', order: enrollment.order })}
                  />
                  <Button
                    variant="outlined"
                    text={t('orders.cancel')}
                    onClick={() =>
                      actors.orderActions.send({
                        type: 'ACT',
                        action: 'cancel',
                        orderId: enrollment.order.id,
                      })
                    }
                  />
                </>
              )}
              {exam.phase === 'upcoming' && !holds && (
                <span className="xa-muted">{t('exam.detail.notOpen')}</span>
              )}
            </div>
            {holds && <PaperActions exam={exam} enrollment={enrollment} />}
          </Card>
        );
      }}
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
